//! A Kattis/ICPC problem package, in the format's `legacy` version, its `2023-07-draft`
//! (what problemtools' own examples use: the new names in problem.yaml, the legacy
//! `testdata.yaml` for groups) and `2025-09` (`test_group.yaml`, `max_score` and
//! `score_aggregation`): `problem.yaml`, the groups of `data/` and their cases (`.in` +
//! `.ans`), the output validator (custom, or the default one with its flags), the input
//! validators, and how a scoring problem adds up its score.
//!
//! Choices where the specification leaves room: cases and groups are taken in natural order
//! (as problemtools does; the spec says lexicographic, which differs only for unpadded
//! numbers); a package without a memory limit gets the spec's "typical system default" of
//! 2048 MiB and 8 MiB of output; unknown keys are warnings, not errors, so that a package
//! written for a newer draft still runs.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use yaml_rust2::Yaml;

use crate::judge::check::{Check, Protocol};
use crate::judge::format::error::FormatError;
use crate::judge::format::files as layout;
use crate::judge::format::info::{read_config, Info};
use crate::judge::format::yaml::load;
use crate::judge::format::{
    Build, Context, Expectation, Found, Grading, Kind, Reader, Score, Timing, Tool,
};
use crate::judge::verdict::Outcome;

mod submissions;
use crate::judge::format::stage::LANGUAGE_CODES;
pub use submissions::is_submission;

pub const READER: Reader = Reader {
    name: "Kattis",
    looks_for: "problem.yaml, data/sample/ or data/secret/",
    claims: is_package,
    read,
};

/// The versions of the format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Version {
    Legacy,
    /// `2023-07-draft` / `2023-07`: problemtools reads groups from `testdata.yaml` as in legacy.
    Draft2023,
    /// `2025-09` (and `draft`, `2025-09-draft`).
    V2025,
}

impl Version {
    pub fn name(self) -> &'static str {
        match self {
            Version::Legacy => "legacy",
            Version::Draft2023 => "2023-07-draft",
            Version::V2025 => "2025-09",
        }
    }

    /// Whether groups are scored by the legacy grader (`testdata.yaml`: `grader_flags`,
    /// `accept_score`, `range`) rather than by `max_score` / `score_aggregation`.
    pub fn legacy_grading(self) -> bool {
        self != Version::V2025
    }
}

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

/// What the judge needs of a Kattis package beyond its cases.
#[derive(Clone, Debug)]
pub struct Package {
    pub version: Version,
    pub title: String,
    pub scoring: bool,
    pub interactive: bool,
    pub timing: Timing,
    /// Flags for the output validator from problem.yaml (legacy `validator_flags`).
    pub validator_flags: Vec<String>,
    /// The custom output validator (a file or folder), if any.
    pub output_validator: Option<PathBuf>,
    pub input_validators: Vec<PathBuf>,
    /// `data/` as a tree: `sample` and `secret` below it.
    pub data: Group,
    /// problem.yaml's `constants` (2025-09): `name` and `name.variant` with their text.
    pub constants: Vec<(String, String)>,
}

/// Whether `dir` looks like a Kattis package.
pub fn is_package(dir: &Path) -> bool {
    dir.join("problem.yaml").is_file()
        || dir.join("data/secret").is_dir()
        || dir.join("data/sample").is_dir()
}

fn as_f64(y: &Yaml) -> Option<f64> {
    match y {
        Yaml::Integer(i) => Some(*i as f64),
        Yaml::Real(_) => y.as_f64(),
        Yaml::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

/// A string or a sequence of strings as words (`"a b"` and `[a, b]` alike).
fn words(y: &Yaml) -> Option<Vec<String>> {
    match y {
        Yaml::String(s) => Some(s.split_whitespace().map(String::from).collect()),
        Yaml::Array(a) => a
            .iter()
            .map(|v| match v {
                Yaml::String(s) => Some(s.clone()),
                Yaml::Integer(i) => Some(i.to_string()),
                Yaml::Real(r) => Some(r.clone()),
                _ => None,
            })
            .collect(),
        Yaml::Integer(i) => Some(vec![i.to_string()]),
        Yaml::Real(r) => Some(vec![r.clone()]),
        Yaml::Null => Some(vec![]),
        _ => None,
    }
}

fn hash_keys(y: &Yaml) -> Vec<String> {
    y.as_hash()
        .map(|h| {
            h.keys()
                .filter_map(|k| k.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}

/// Reads the package at `dir`.
fn read(dir: &Path, _: &Context) -> Result<crate::judge::format::Package, FormatError> {
    let yaml_path = dir.join("problem.yaml");
    let y = if yaml_path.is_file() {
        load(&yaml_path)?
    } else {
        Yaml::Null
    };
    let shown = yaml_path.display().to_string();
    let bad = |what: String| FormatError::said(what).in_file(&yaml_path);
    let mut warnings = Vec::new();
    let version = match &y["problem_format_version"] {
        Yaml::BadValue | Yaml::Null => Version::Legacy,
        Yaml::String(s) => match s.as_str() {
            "legacy" | "legacy-icpc" => Version::Legacy,
            "2023-07-draft" | "2023-07" => Version::Draft2023,
            "2025-09" | "2025-09-draft" | "draft" => Version::V2025,
            other => {
                return Err(bad(format!(
                    "problem_format_version: unknown version `{other}` (known: legacy, 2023-07-draft, 2025-09)"
                )))
            }
        },
        other => return Err(bad(format!("problem_format_version: expected a string, found {other:?}"))),
    };
    let types: Vec<String> = match &y["type"] {
        Yaml::BadValue | Yaml::Null => vec![],
        t => words(t).ok_or_else(|| bad("type: expected a string or a list".into()))?,
    };
    let validation: Vec<String> = match &y["validation"] {
        Yaml::BadValue | Yaml::Null => vec![],
        v => words(v).ok_or_else(|| bad("validation: expected a string".into()))?,
    };
    for t in &types {
        if ![
            "pass-fail",
            "scoring",
            "interactive",
            "multi-pass",
            "submit-answer",
        ]
        .contains(&t.as_str())
        {
            return Err(bad(format!("type: unknown type `{t}`")));
        }
    }
    if types
        .iter()
        .any(|t| t == "multi-pass" || t == "submit-answer")
    {
        return Err(bad(format!(
            "type {}: multi-pass and submit-answer problems are not judged here",
            types.join(" ")
        )));
    }
    let scoring = types.iter().any(|t| t == "scoring") || validation.iter().any(|v| v == "score");
    let interactive =
        types.iter().any(|t| t == "interactive") || validation.iter().any(|v| v == "interactive");
    let title = match &y["name"] {
        Yaml::String(s) => s.clone(),
        Yaml::Hash(h) => h
            .get(&Yaml::String("en".into()))
            .or_else(|| h.values().next())
            .and_then(|v| v.as_str())
            .unwrap_or("")
            .to_string(),
        _ => String::new(),
    };
    let limits = &y["limits"];
    let known_limits = [
        "time_multiplier",
        "time_safety_margin",
        "time_multipliers",
        "time_limit",
        "time_resolution",
        "memory",
        "output",
        "code",
        "compilation_time",
        "compilation_memory",
        "validation_time",
        "validation_memory",
        "validation_output",
        "validation_passes",
    ];
    for k in hash_keys(limits) {
        if !known_limits.contains(&k.as_str()) {
            warnings.push(format!("{shown}: limits: unknown key `{k}` (ignored)"));
        }
    }
    let num = |y: &Yaml, what: &str| -> Result<Option<f64>, FormatError> {
        match y {
            Yaml::BadValue | Yaml::Null => Ok(None),
            v => match as_f64(v) {
                Some(x) if x > 0.0 => Ok(Some(x)),
                _ => Err(bad(format!(
                    "{what}: expected a positive number, found {v:?}"
                ))),
            },
        }
    };
    let legacy_numbers = version == Version::Legacy;
    let tm = &limits["time_multipliers"];
    let timing = Timing {
        time_limit: match num(&limits["time_limit"], "limits.time_limit")? {
            Some(t) => Some(t),
            None => domjudge_time_limit(dir)?,
        },
        ac_to_time_limit: num(
            &tm["ac_to_time_limit"],
            "limits.time_multipliers.ac_to_time_limit",
        )?
        .or(num(&limits["time_multiplier"], "limits.time_multiplier")?)
        .unwrap_or(if legacy_numbers { 5.0 } else { 2.0 }),
        time_limit_to_tle: num(
            &tm["time_limit_to_tle"],
            "limits.time_multipliers.time_limit_to_tle",
        )?
        .or(num(
            &limits["time_safety_margin"],
            "limits.time_safety_margin",
        )?)
        .unwrap_or(if legacy_numbers { 2.0 } else { 1.5 }),
        time_resolution: num(&limits["time_resolution"], "limits.time_resolution")?.unwrap_or(1.0),
    };
    let whole = |y: &Yaml, what: &str| -> Result<Option<u64>, FormatError> {
        Ok(num(y, what)?.map(|x| x.ceil() as u64))
    };
    let info = Info {
        time_limit_ms: timing.time_limit.map(|s| (s * 1000.0).round() as u64),
        memory_limit_mib: Some(whole(&limits["memory"], "limits.memory")?.unwrap_or(2048)),
        output_limit_mib: Some(whole(&limits["output"], "limits.output")?.unwrap_or(8)),
        ..Info::default()
    };
    let validator_flags = match &y["validator_flags"] {
        Yaml::BadValue | Yaml::Null => vec![],
        v => words(v).ok_or_else(|| bad("validator_flags: expected a string".into()))?,
    };
    let constants = constants(&y["constants"]).map_err(|e| e.in_file(&yaml_path))?;
    let custom = validation.first().is_some_and(|v| v == "custom") || interactive;
    let output_validator = find_output_validator(dir, version, custom)?;
    if interactive && output_validator.is_none() {
        return Err(FormatError::said(
            "an interactive problem needs its output validator (output_validator/ or \
             output_validators/), and there is none",
        )
        .in_file(dir));
    }
    let input_validators = [
        "input_validators",
        "input_format_validators",
        "input_validator",
    ]
    .iter()
    .flat_map(|d| {
        layout::file_names(&dir.join(d))
            .unwrap_or_default()
            .into_iter()
            .map(move |n| dir.join(d).join(n))
    })
    .collect();

    let mut cases = Vec::new();
    let data_dir = dir.join("data");
    let root_cfg = group_config(&data_dir, &Config::default(), version, &mut warnings)?;
    let mut data = Group {
        name: String::new(),
        config: root_cfg.clone(),
        declared: false,
        items: vec![],
    };
    let mut seen = HashSet::new();
    for top in ["sample", "secret"] {
        let d = data_dir.join(top);
        if d.is_dir() {
            let g = read_group(
                &d,
                top,
                &root_cfg,
                version,
                interactive,
                &mut Walk {
                    cases: &mut cases,
                    warnings: &mut warnings,
                    seen: &mut seen,
                },
            )?;
            data.items.push(Item::Group(Box::new(g)));
        }
    }
    if cases.is_empty() {
        return Err(FormatError::said(
            "no test cases (NAME.in with NAME.ans under data/sample or data/secret)",
        )
        .in_file(dir));
    }
    let name = dir
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "package".into());
    let k = Package {
        version,
        title,
        scoring,
        interactive,
        timing,
        validator_flags,
        output_validator,
        input_validators,
        data,
        constants,
    };
    let mut package = crate::judge::format::Package::plain(
        Kind::Kattis(version.name()),
        name,
        dir.to_path_buf(),
        cases,
    );
    package.info = info;
    package.info_path = yaml_path.is_file().then_some(yaml_path);
    package.warnings = warnings;
    let tool = k.output_validator.clone().map(|path| Tool {
        path,
        protocol: Protocol::Kattis {
            flags: k.validator_flags.clone(),
        },
        build: Build::Kattis(k.constants.clone()),
    });
    if k.interactive {
        package.interactor = tool;
    } else if tool.is_some() {
        package.checker = tool;
    } else {
        package.compare = Some(Check::Tokens(k.validator_flags.clone()));
    }
    package.validators = k
        .input_validators
        .iter()
        .map(|path| Tool {
            path: path.clone(),
            protocol: Protocol::Kattis { flags: Vec::new() },
            build: Build::Kattis(k.constants.clone()),
        })
        .collect();
    package.title = k.title.clone();
    package.timing = Some(k.timing.clone());
    package.constants = k.constants.clone();
    package.include = [(None, "default")]
        .into_iter()
        .chain(LANGUAGE_CODES.iter().map(|(code, _)| (Some(*code), *code)))
        .map(|(code, folder)| (code, dir.join("include").join(folder)))
        .filter(|(_, d)| d.is_dir())
        .collect();
    let (submissions, said) = submissions::read(dir, &k)?;
    package.submissions = submissions;
    package.submission_warnings = said;
    package.grading = Grading::Own(std::sync::Arc::new(k));
    Ok(package)
}

impl crate::judge::format::Grades for Package {
    fn scored(&self) -> bool {
        self.scoring
    }

    fn grade(&self, outcomes: &[(String, Outcome)]) -> Option<Score> {
        self.scoring.then(|| score(self, outcomes))
    }
}

/// The score of `outcomes` by the package's rules (legacy, or 2025-09's), with each of
/// `secret`'s groups' part.
fn score(k: &Package, outcomes: &[(String, Outcome)]) -> Score {
    let results: HashMap<String, CaseResult> = outcomes
        .iter()
        .map(|(c, o)| {
            let verdict = crate::judge::format::Names::Kattis.of(o.verdict);
            (
                c.clone(),
                CaseResult {
                    verdict,
                    score: o.score,
                },
            )
        })
        .collect();
    let grade = |g: &Group| {
        if k.version.legacy_grading() {
            grade_legacy(g, &results)
        } else {
            grade_2025(g, &results)
        }
    };
    let total = grade(&k.data);
    let mut parts = Vec::new();
    if let Some(secret) = k.data.find("secret") {
        for item in &secret.items {
            if let Item::Group(g) = item {
                let s = if k.version.legacy_grading() {
                    grade_legacy(g, &results).score
                } else {
                    // A group alone, summed under a `secret` of its own maximum.
                    let sub = Group {
                        name: String::new(),
                        config: Config::default(),
                        declared: false,
                        items: vec![Item::Group(Box::new(Group {
                            name: "secret".into(),
                            config: Config {
                                max_score: g.config.max_score,
                                aggregation: Some("sum".into()),
                                ..Config::default()
                            },
                            declared: false,
                            items: vec![Item::Group(g.clone())],
                        }))],
                    };
                    grade_2025(&sub, &results).score
                };
                parts.push((g.name.clone(), s));
            }
        }
    }
    let full = if k.version.legacy_grading() {
        k.data.config.range.1
    } else {
        k.data
            .find("secret")
            .and_then(|s| s.config.max_score)
            .unwrap_or(100.0)
    };
    Score {
        score: total.score,
        full: full.is_finite().then_some(full),
        verdict: total.verdict,
        parts,
    }
}

/// `timelimit` (seconds) from DOMjudge's `domjudge-problem.ini`, which DOMjudge reads where
/// problem.yaml gives no `time_limit`: `timelimit = 2`, `timelimit='2.5'`.
fn domjudge_time_limit(dir: &Path) -> Result<Option<f64>, FormatError> {
    let path = dir.join("domjudge-problem.ini");
    let Some(text) = read_config(&path)? else {
        return Ok(None);
    };
    for (n, line) in text.lines().enumerate() {
        let Some((key, value)) = line.split_once('=') else {
            continue;
        };
        if key.trim() != "timelimit" {
            continue;
        }
        let value = value.trim().trim_matches(|c| c == '\'' || c == '"');
        return match value.parse::<f64>() {
            Ok(x) if x > 0.0 && x.is_finite() => Ok(Some(x)),
            _ => Err(
                FormatError::expected("timelimit", "a positive number of seconds")
                    .found(format!("`{value}`"))
                    .at(n + 1, None)
                    .in_file(&path),
            ),
        };
    }
    Ok(None)
}

/// Whether a file name is a C or C++ header or a note: part of the program beside it, not a
/// program.
pub fn beside_a_program(name: &str) -> bool {
    [".h", ".hpp", ".hh", ".hxx", ".md", ".txt"]
        .iter()
        .any(|e| name.ends_with(e))
}

/// problem.yaml's `constants`: each name's `value` (a scalar constant is its value) as
/// `name` and `name.value`, and each variant as `name.variant`.
fn constants(y: &Yaml) -> Result<Vec<(String, String)>, FormatError> {
    let scalar = |v: &Yaml| match v {
        Yaml::Integer(i) => Some(i.to_string()),
        Yaml::Real(r) | Yaml::String(r) => Some(r.clone()),
        _ => None,
    };
    let mut out = Vec::new();
    let Some(h) = y.as_hash() else {
        return match y {
            Yaml::BadValue | Yaml::Null => Ok(out),
            _ => Err(FormatError::expected(
                "constants",
                "a map of names to values",
            )),
        };
    };
    for (k, v) in h {
        let name = k.as_str().unwrap_or_default();
        let valid = name
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !valid {
            return Err(FormatError::said(format!(
                "constants: `{}` is not a name ([a-zA-Z_][a-zA-Z0-9_]*)",
                scalar(k).unwrap_or_default()
            )));
        }
        let bad = || {
            FormatError::said(format!(
                "constants: {name}: expected a number, a string or a map with `value`"
            ))
        };
        match v.as_hash() {
            None => {
                let value = scalar(v).ok_or_else(bad)?;
                out.push((name.to_string(), value.clone()));
                out.push((format!("{name}.value"), value));
            }
            Some(variants) => {
                let value = scalar(&v["value"]).ok_or_else(bad)?;
                out.push((name.to_string(), value));
                for (vk, vv) in variants {
                    let variant = vk.as_str().unwrap_or_default();
                    out.push((format!("{name}.{variant}"), scalar(vv).ok_or_else(bad)?));
                }
            }
        }
    }
    Ok(out)
}

/// The custom output validator: `output_validator/` (2023 on), or the one program in
/// `output_validators/` (legacy).
fn find_output_validator(
    dir: &Path,
    version: Version,
    custom: bool,
) -> Result<Option<PathBuf>, FormatError> {
    let single = dir.join("output_validator");
    let legacy = dir.join("output_validators");
    let found = if single.exists() && version != Version::Legacy {
        Some(single)
    } else if legacy.is_dir() {
        let names = layout::file_names(&legacy)?;
        // One program's sources beside their headers (`checker.cpp` with `testlib.h`, as
        // DOMjudge and Polygon packages ship them), or `build`/`run` scripts, are one
        // program: the folder itself, built with its headers (problemtools likewise skips
        // what no language claims).
        let programs: Vec<&String> = names.iter().filter(|n| !beside_a_program(n)).collect();
        let scripts = names.iter().any(|n| n == "build" || n == "run");
        match programs[..] {
            [] => None,
            [only] if names.len() == 1 => Some(legacy.join(only)),
            [only] if legacy.join(only).is_file() => Some(legacy.clone()),
            _ if scripts => Some(legacy.clone()),
            _ => {
                return Err(FormatError::said(format!(
                    "several output validators ({}); the format allows one here",
                    names.join(", ")
                ))
                .in_file(&legacy))
            }
        }
    } else if single.exists() {
        Some(single)
    } else {
        None
    };
    if custom && found.is_none() {
        return Err(FormatError::said(
            "problem.yaml asks for a custom output validator and there is none",
        )
        .in_file(dir));
    }
    // A custom validator is used when there is one, even if problem.yaml forgot to say so.
    Ok(found)
}

/// A group's config: `testdata.yaml` (legacy, 2023-07-draft) or `test_group.yaml`, over the
/// inherited one.
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
    let y = load(&file)?;
    let shown = file.display().to_string();
    let bad = |what: String| FormatError::said(what).in_file(&file);
    let get_f = |k: &str| -> Result<Option<f64>, FormatError> {
        match &y[k] {
            Yaml::BadValue | Yaml::Null => Ok(None),
            v => as_f64(v)
                .map(Some)
                .ok_or_else(|| bad(format!("{k}: expected a number, found {v:?}"))),
        }
    };
    let get_w = |k: &str| -> Result<Option<Vec<String>>, FormatError> {
        match &y[k] {
            Yaml::BadValue => Ok(None),
            Yaml::Hash(_) => Err(bad(format!(
                "{k}: per-program maps are not supported here; give a list"
            ))),
            v => words(v)
                .map(Some)
                .ok_or_else(|| bad(format!("{k}: expected a string or a list"))),
        }
    };
    for k in hash_keys(&y) {
        // The legacy grader's settings have no meaning in 2025-09, whose groups are scored by
        // max_score, score_aggregation and require_pass: a package that mixes them is invalid
        // (the spec: "Any unknown keys should be treated as an error"), and judged by
        // neither version's rules it would get a score no tool gives.
        let legacy_only = [
            "on_reject",
            "grading",
            "grader_flags",
            "accept_score",
            "reject_score",
            "range",
            "input_validator_flags",
            "output_validator_flags",
        ];
        if !version.legacy_grading() && legacy_only.contains(&k.as_str()) {
            return Err(bad(format!(
                "`{k}` is a legacy key (testdata.yaml's grader), not one the 2025-09 format \
                 defines: the package is invalid (2025-09 scores groups by max_score, \
                 score_aggregation and require_pass; see the spec's \"Test data \
                 configuration\")"
            )));
        }
        let known = [
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
        if !known.contains(&k.as_str()) {
            warnings.push(format!("{shown}: unknown key `{k}` (ignored)"));
        }
    }
    match &y["on_reject"] {
        Yaml::BadValue => {}
        Yaml::String(s) if s == "break" => c.on_reject_continue = false,
        Yaml::String(s) if s == "continue" => c.on_reject_continue = true,
        v => {
            return Err(bad(format!(
                "on_reject: expected break or continue, found {v:?}"
            )))
        }
    }
    if let Yaml::String(g) = &y["grading"] {
        if g == "custom" {
            return Err(bad(
                "grading: custom: custom graders are not run here".into()
            ));
        }
    }
    if let Some(w) = get_w("grader_flags")? {
        c.grader_flags = w;
    }
    if let Some(x) = get_f("accept_score")? {
        c.accept_score = x;
    }
    if let Some(x) = get_f("reject_score")? {
        c.reject_score = x;
    }
    if let Some(w) = get_w("range")? {
        let parse = |s: &str| match s {
            "inf" | "+inf" => Some(f64::INFINITY),
            "-inf" => Some(f64::NEG_INFINITY),
            s => s.parse().ok(),
        };
        match w.as_slice() {
            [a, b] => {
                c.range = (
                    parse(a).ok_or_else(|| bad(format!("range: `{a}` is not a number")))?,
                    parse(b).ok_or_else(|| bad(format!("range: `{b}` is not a number")))?,
                )
            }
            _ => return Err(bad("range: expected two numbers".into())),
        }
    }
    match &y["max_score"] {
        Yaml::BadValue | Yaml::Null => {}
        Yaml::String(s) if s == "unbounded" => c.max_score = Some(f64::INFINITY),
        v => {
            c.max_score = Some(as_f64(v).ok_or_else(|| {
                bad(format!(
                    "max_score: expected a number or unbounded, found {v:?}"
                ))
            })?)
        }
    }
    if let Yaml::String(s) = &y["score_aggregation"] {
        if !["pass-fail", "sum", "min"].contains(&s.as_str()) {
            return Err(bad(format!(
                "score_aggregation: expected pass-fail, sum or min, found `{s}`"
            )));
        }
        c.aggregation = Some(s.clone());
    }
    if let Some(w) = get_w("require_pass")? {
        c.require_pass = w;
    }
    for key in ["output_validator_args", "output_validator_flags"] {
        if let Some(w) = get_w(key)? {
            c.output_validator_args = w;
        }
    }
    for key in ["input_validator_args", "input_validator_flags"] {
        if let Some(w) = get_w(key)? {
            c.input_validator_args = w;
        }
    }
    let _ = version;
    Ok(c)
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
    interactive: bool,
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
    // Interactive samples may be only an `.interaction` (shown in the statement, not run).
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
            let g = read_group(
                &path,
                &format!("{name}/{n}"),
                &config,
                version,
                interactive,
                walk,
            )?;
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
    let _ = interactive;
    Ok(group)
}

/// `submissions/submissions.yaml` as rules (empty when there is none), and warnings for
/// what is read but not used.
pub fn expectations(root: &Path) -> Result<(Vec<Expectation>, Vec<String>), FormatError> {
    let path = root.join("submissions/submissions.yaml");
    if !path.is_file() {
        return Ok((vec![], vec![]));
    }
    let y = load(&path)?;
    let shown = path.display().to_string();
    let bad = |what: String| FormatError::said(what).in_file(&path);
    let mut rules = Vec::new();
    let mut warnings = Vec::new();
    let Some(top) = y.as_hash() else {
        return match y {
            Yaml::Null => Ok((vec![], vec![])),
            _ => Err(bad("expected a map of submission globs".into())),
        };
    };
    let verdicts = |key: &str, v: &Yaml| -> Result<Vec<String>, FormatError> {
        let w = words(v).ok_or_else(|| bad(format!("{key}: expected a list of verdicts")))?;
        for x in &w {
            if !["AC", "WA", "TLE", "RTE"].contains(&x.as_str()) {
                return Err(bad(format!("{key}: `{x}` is not one of AC, WA, TLE, RTE")));
            }
        }
        Ok(w)
    };
    let rule = |key: &str,
                cases: Option<String>,
                m: &Yaml,
                warnings: &mut Vec<String>|
     -> Result<Option<Expectation>, FormatError> {
        let mut e = Expectation {
            key: key.to_string(),
            cases,
            ..Expectation::default()
        };
        let mut any = false;
        for k in hash_keys(m) {
            let v = &m[k.as_str()];
            match k.as_str() {
                "permitted" => {
                    e.permitted = Some(verdicts(&k, v)?);
                    any = true;
                }
                "required" => {
                    e.required = Some(verdicts(&k, v)?);
                    any = true;
                }
                "score" => {
                    e.score = Some(match v {
                        Yaml::Array(a) if a.len() == 2 => (
                            as_f64(&a[0])
                                .ok_or_else(|| bad(format!("{key}: score: not a number")))?,
                            as_f64(&a[1])
                                .ok_or_else(|| bad(format!("{key}: score: not a number")))?,
                        ),
                        v => {
                            let x = as_f64(v)
                                .ok_or_else(|| bad(format!("{key}: score: not a number")))?;
                            (x, x)
                        }
                    });
                    any = true;
                }
                "message" => {
                    e.message = v.as_str().map(String::from);
                    any = true;
                }
                "entrypoint" if e.cases.is_none() => {
                    let Some(file) = v.as_str() else {
                        return Err(bad(format!("{key}: entrypoint: expected a file name")));
                    };
                    e.entrypoint = Some(file.to_string());
                    any = true;
                }
                "language" | "entrypoint" | "authors" | "model_solution" | "use_for_time_limit" => {
                    warnings.push(format!("{shown}: {key}: `{k}` is not used here"));
                    // Still a rule: its key names submissions to run (a place such as
                    // `tle:` given only `use_for_time_limit` is run, as BAPCtools runs it).
                    any = true;
                }
                _ => {}
            }
        }
        Ok(any.then_some(e))
    };
    for (k, m) in top {
        let Some(key) = k.as_str() else {
            return Err(bad(format!("a key that is not a glob: {k:?}")));
        };
        if let Some(e) = rule(key, None, m, &mut warnings)? {
            rules.push(e);
        }
        let fields = [
            "permitted",
            "required",
            "score",
            "message",
            "language",
            "entrypoint",
            "authors",
            "model_solution",
            "use_for_time_limit",
        ];
        for g in hash_keys(m) {
            if fields.contains(&g.as_str()) {
                continue;
            }
            if let Some(e) = rule(key, Some(g.clone()), &m[g.as_str()], &mut warnings)? {
                if e.score.is_some() {
                    warnings.push(format!(
                        "{shown}: {key}: {g}: a group's score is not checked here"
                    ));
                }
                rules.push(e);
            }
        }
    }
    Ok((rules, warnings))
}

/// A case's result for grading: its verdict (AC, WA, TLE, RTE...) and the score its
/// validator gave (`score.txt`), if any.
#[derive(Clone, Debug, PartialEq)]
pub struct CaseResult {
    pub verdict: &'static str,
    pub score: Option<f64>,
}

/// A graded node: its verdict and score.
#[derive(Clone, Debug, PartialEq)]
pub struct Graded {
    pub verdict: &'static str,
    pub score: f64,
}

const WORST_FIRST: [&str; 8] = ["JE", "IF", "RTE", "MLE", "TLE", "OLE", "WA", "PE"];

/// The legacy grader (the default grader's modes and flags, `on_reject`, `accept_score`,
/// `reject_score`) over a group; cases not judged (after a `break`) are not there. A case
/// missing from `results` is how a `break` leaves it: the group stops at the first
/// rejection.
pub fn grade_legacy(g: &Group, results: &HashMap<String, CaseResult>) -> Graded {
    let mut subs: Vec<Graded> = Vec::new();
    for item in &g.items {
        let sub = match item {
            Item::Case(c) => {
                let Some(r) = results.get(c) else { continue };
                let score = if r.verdict == "AC" {
                    r.score.unwrap_or(g.config.accept_score)
                } else {
                    g.config.reject_score
                };
                Graded {
                    verdict: r.verdict,
                    score,
                }
            }
            Item::Group(sub) => {
                if sub.cases().iter().all(|c| !results.contains_key(*c)) {
                    continue;
                }
                grade_legacy(sub, results)
            }
        };
        let rejected = sub.verdict != "AC";
        subs.push(sub);
        if rejected && !g.config.on_reject_continue {
            break;
        }
    }
    let flags = &g.config.grader_flags;
    if flags.iter().any(|f| f == "ignore_sample") && subs.len() == 2 {
        subs.remove(0);
    }
    let mode = flags
        .iter()
        .rev()
        .find(|f| {
            ["worst_error", "no_errors", "first_error", "always_accept"].contains(&f.as_str())
        })
        .map_or("worst_error", String::as_str);
    let verdicts: Vec<&'static str> = subs.iter().map(|s| s.verdict).collect();
    let mut verdict = match mode {
        "always_accept" => "AC",
        "first_error" => verdicts
            .iter()
            .copied()
            .find(|v| *v != "AC")
            .unwrap_or("AC"),
        _ => WORST_FIRST
            .iter()
            .copied()
            .find(|w| verdicts.contains(w))
            .or_else(|| verdicts.iter().copied().find(|v| *v != "AC"))
            .unwrap_or("AC"),
    };
    if flags.iter().any(|f| f == "accept_if_any_accepted") && verdicts.contains(&"AC") {
        verdict = "AC";
    }
    let scores: Vec<f64> = subs.iter().map(|s| s.score).collect();
    let agg = flags
        .iter()
        .rev()
        .find(|f| ["sum", "avg", "min", "max"].contains(&f.as_str()))
        .map_or("sum", String::as_str);
    let score = match (agg, scores.is_empty()) {
        (_, true) => 0.0,
        ("avg", _) => scores.iter().sum::<f64>() / scores.len() as f64,
        ("min", _) => scores.iter().copied().fold(f64::INFINITY, f64::min),
        ("max", _) => scores.iter().copied().fold(f64::NEG_INFINITY, f64::max),
        _ => scores.iter().sum(),
    };
    // A rejected group's score is ignored by the format: it counts as nothing.
    Graded {
        verdict,
        score: if verdict == "AC" { score } else { 0.0 },
    }
}

/// The 2025-09 score of `secret`: groups by `max_score` and `score_aggregation` (`sum` in
/// secret, `pass-fail` in groups by default), a case's share of its group's maximum,
/// `score.txt` (an absolute score), and `require_pass`.
pub fn grade_2025(data: &Group, results: &HashMap<String, CaseResult>) -> Graded {
    let Some(secret) = data.find("secret") else {
        return Graded {
            verdict: "AC",
            score: 0.0,
        };
    };
    let all_ac = |g: &Group| {
        g.cases()
            .iter()
            .all(|c| results.get(*c).is_some_and(|r| r.verdict == "AC"))
    };
    fn node(
        g: &Group,
        is_secret: bool,
        data: &Group,
        results: &HashMap<String, CaseResult>,
        all_ac: &dyn Fn(&Group) -> bool,
    ) -> f64 {
        let max = g
            .config
            .max_score
            .unwrap_or(if is_secret { 100.0 } else { f64::INFINITY });
        let agg = g.config.aggregation.clone().unwrap_or_else(|| {
            if is_secret {
                "sum".into()
            } else {
                "pass-fail".into()
            }
        });
        for req in &g.config.require_pass {
            if data.find(req).is_none_or(|r| !all_ac(r)) {
                return 0.0;
            }
        }
        if agg == "pass-fail" {
            return if all_ac(g) { max } else { 0.0 };
        }
        let groups: Vec<&Group> = g
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Group(sub) if sub.declared => Some(&**sub),
                _ => None,
            })
            .collect();
        let parts: Vec<f64> = if !groups.is_empty() {
            groups
                .iter()
                .map(|s| node(s, false, data, results, all_ac))
                .collect()
        } else {
            let cases = g.cases();
            let n = cases.len().max(1) as f64;
            let case_max = if agg == "min" { max } else { max / n };
            cases
                .iter()
                .map(|c| match results.get(*c) {
                    Some(r) if r.verdict == "AC" => r.score.unwrap_or(case_max),
                    _ => 0.0,
                })
                .collect()
        };
        if parts.is_empty() {
            return 0.0;
        }
        if agg == "min" {
            parts.iter().copied().fold(f64::INFINITY, f64::min)
        } else {
            parts.iter().sum()
        }
    }
    let score = node(secret, true, data, results, &all_ac);
    let verdict = data
        .cases()
        .iter()
        .filter_map(|c| results.get(*c))
        .map(|r| r.verdict)
        .find(|v| *v != "AC")
        .unwrap_or("AC");
    Graded { verdict, score }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::format::files::glob_covers;

    fn case(n: &str) -> Item {
        Item::Case(n.to_string())
    }

    fn r(v: &'static str) -> CaseResult {
        CaseResult {
            verdict: v,
            score: None,
        }
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
    fn the_legacy_grader_follows_its_flags() {
        // Two subtasks worth 50 by `min`, secret accepted if any is: one solved gives 50.
        let sub = |name: &str| Group {
            name: name.into(),
            config: Config {
                accept_score: 50.0,
                grader_flags: vec!["min".into()],
                ..Config::default()
            },
            declared: false,
            items: vec![case(&format!("{name}/1")), case(&format!("{name}/2"))],
        };
        let secret = Group {
            name: "secret".into(),
            config: Config {
                on_reject_continue: true,
                grader_flags: vec!["first_error".into(), "accept_if_any_accepted".into()],
                ..Config::default()
            },
            declared: false,
            items: vec![
                Item::Group(Box::new(sub("secret/a"))),
                Item::Group(Box::new(sub("secret/b"))),
            ],
        };
        let results: HashMap<String, CaseResult> = [
            ("secret/a/1", r("AC")),
            ("secret/a/2", r("AC")),
            ("secret/b/1", r("WA")),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect();
        assert_eq!(
            grade_legacy(&secret, &results),
            Graded {
                verdict: "AC",
                score: 50.0
            }
        );
        // The default: worst error, and the sum.
        let plain = Group {
            config: Config::default(),
            ..secret.clone()
        };
        assert_eq!(grade_legacy(&plain, &results).verdict, "WA");
    }

    #[test]
    fn the_2025_grader_shares_max_score_among_cases() {
        let g = |name: &str, agg: &str, max: f64| Group {
            name: name.into(),
            config: Config {
                max_score: Some(max),
                aggregation: Some(agg.into()),
                ..Config::default()
            },
            declared: true,
            items: vec![case(&format!("{name}/1")), case(&format!("{name}/2"))],
        };
        let data = Group {
            name: String::new(),
            config: Config::default(),
            declared: false,
            items: vec![Item::Group(Box::new(Group {
                name: "secret".into(),
                config: Config::default(),
                declared: false,
                items: vec![
                    Item::Group(Box::new(g("secret/a", "pass-fail", 30.0))),
                    Item::Group(Box::new(g("secret/b", "sum", 70.0))),
                ],
            }))],
        };
        let results: HashMap<String, CaseResult> = [
            ("secret/a/1", r("AC")),
            ("secret/a/2", r("AC")),
            ("secret/b/1", r("AC")),
            ("secret/b/2", r("WA")),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect();
        assert_eq!(
            grade_2025(&data, &results),
            Graded {
                verdict: "WA",
                score: 65.0
            }
        );
    }

    #[test]
    fn time_limits_are_derived_as_the_spec_says() {
        let t = Timing {
            time_limit: None,
            ac_to_time_limit: 2.0,
            time_limit_to_tle: 1.5,
            time_resolution: 1.0,
        };
        assert_eq!(t.derive(0.003), 1.0);
        assert_eq!(t.derive(0.6), 2.0);
        assert_eq!(t.derive(0.5), 1.0);
        let fine = Timing {
            time_resolution: 0.25,
            ..t
        };
        assert_eq!(fine.derive(0.6), 1.25);
    }
}
