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
//! 2048 MiB and 8 MiB of output (problemtools' default output limit); the output limit is
//! checked on the output's size once a run has ended, as problemtools checks it, so a
//! program that floods its output until its time runs out is a TLE, not an OLE; unknown keys
//! are warnings, not errors, so that a package written for a newer draft still runs.
//!
//! This file reads problem.yaml (header, limits, constants) and finds the validators;
//! `data.rs` walks `data/` into a group tree, `grade.rs` adds up a score over that tree by
//! the version's rules, `submissions.rs` reads `submissions/` and `submissions.yaml`. Cost:
//! a few small YAML files and one listing a folder of `data/`; nothing is built here.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use yaml_rust2::Yaml;

use crate::judge::check::{Check, Protocol};
use crate::judge::format::error::FormatError;
use crate::judge::format::files as layout;
use crate::judge::format::info::{read_config, Info};
use crate::judge::format::stage::LANGUAGE_CODES;
use crate::judge::format::yaml::load;
use crate::judge::format::{Build, Context, Grading, Kind, Package, Reader, Timing, Tool};

mod data;
mod grade;
mod submissions;

use grade::Grader;

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

/// What problem.yaml says of the problem as a whole (its limits aside).
struct Header {
    version: Version,
    scoring: bool,
    interactive: bool,
    /// `validation: custom` (or an interactive problem): the package brings its validator.
    custom: bool,
    title: String,
}

/// problem.yaml's `grading: on_reject` (the legacy format's, before testdata.yaml had one),
/// which problemtools lets override every group's: `first_error` breaks (`Some(false)`),
/// `grade` continues (`Some(true)`), `worst_error` leaves the groups' own.
fn problem_on_reject(y: &Yaml) -> Result<Option<bool>, FormatError> {
    match &y["grading"]["on_reject"] {
        Yaml::BadValue | Yaml::Null => Ok(None),
        Yaml::String(s) if s == "first_error" => Ok(Some(false)),
        Yaml::String(s) if s == "grade" => Ok(Some(true)),
        Yaml::String(s) if s == "worst_error" => Ok(None),
        v => Err(
            FormatError::expected("grading: on_reject", "first_error, worst_error or grade")
                .found(format!("{v:?}")),
        ),
    }
}

/// Reads the package at `dir`: problem.yaml's header and limits, the validators, the groups
/// and cases of `data/`, the submissions; the model gets the validators as its tools and
/// the group tree as its grading.
fn read(dir: &Path, _: &Context) -> Result<Package, FormatError> {
    let yaml_path = dir.join("problem.yaml");
    let mut warnings = Vec::new();
    let y = if yaml_path.is_file() {
        load(&yaml_path, &mut warnings)?
    } else {
        Yaml::Null
    };
    let header = header(&y).map_err(|e| e.in_file(&yaml_path))?;
    let (timing, info) = limits(dir, &yaml_path, &y["limits"], header.version, &mut warnings)?;
    let flags = listed(&y, "validator_flags", "a string").map_err(|e| e.in_file(&yaml_path))?;
    let constants = constants(&y["constants"]).map_err(|e| e.in_file(&yaml_path))?;
    let output_validator = find_output_validator(dir, header.version, header.custom)?;
    if header.interactive && output_validator.is_none() {
        return Err(FormatError::said(
            "an interactive problem needs its output validator (output_validator/ or \
             output_validators/), and there is none",
        )
        .in_file(dir));
    }
    let (mut tree, cases) = data::read(dir, header.version, &mut warnings)?;
    if let Some(continues) = problem_on_reject(&y).map_err(|e| e.in_file(&yaml_path))? {
        data::force_on_reject(&mut tree, continues);
    }
    let name = dir
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "package".into());
    let mut package = Package::plain(
        Kind::Kattis(header.version.name()),
        name,
        dir.to_path_buf(),
        cases,
    );
    package.info = info;
    package.info_path = yaml_path.is_file().then_some(yaml_path);
    package.warnings = warnings;
    let tool = |path: PathBuf, flags: Vec<String>| Tool {
        path,
        protocol: Protocol::Kattis { flags },
        build: Build::Kattis(constants.clone()),
    };
    match output_validator.map(|path| tool(path, flags.clone())) {
        Some(t) if header.interactive => package.interactor = Some(t),
        Some(t) => package.checker = Some(t),
        None => package.compare = Some(Check::Tokens(flags.clone())),
    }
    package.validators = input_validators(dir)
        .into_iter()
        .map(|path| tool(path, Vec::new()))
        .collect();
    package.title = header.title;
    package.timing = Some(timing);
    package.constants = constants;
    package.include = includes(dir);
    let (submissions, said) = submissions::read(dir, header.version)?;
    package.submissions = submissions;
    package.submission_warnings = said;
    package.grading = Grading::Own(Arc::new(Grader {
        version: header.version,
        scoring: header.scoring,
        data: tree,
    }));
    Ok(package)
}

/// problem.yaml's version, type and title (its errors name no file: the caller's does).
fn header(y: &Yaml) -> Result<Header, FormatError> {
    let version = match &y["problem_format_version"] {
        Yaml::BadValue | Yaml::Null => Version::Legacy,
        Yaml::String(s) => match s.as_str() {
            "legacy" | "legacy-icpc" => Version::Legacy,
            "2023-07-draft" | "2023-07" => Version::Draft2023,
            "2025-09" | "2025-09-draft" | "draft" => Version::V2025,
            other => {
                return Err(FormatError::said(format!(
                    "problem_format_version: unknown version `{other}` (known: legacy, \
                     2023-07-draft, 2025-09)"
                )))
            }
        },
        other => {
            return Err(FormatError::expected("problem_format_version", "a string")
                .found(format!("{other:?}")))
        }
    };
    let types = listed(y, "type", "a string or a list")?;
    let validation = listed(y, "validation", "a string")?;
    const TYPES: [&str; 5] = [
        "pass-fail",
        "scoring",
        "interactive",
        "multi-pass",
        "submit-answer",
    ];
    if let Some(t) = types.iter().find(|t| !TYPES.contains(&t.as_str())) {
        return Err(FormatError::said(format!("type: unknown type `{t}`")));
    }
    if types
        .iter()
        .any(|t| t == "multi-pass" || t == "submit-answer")
    {
        return Err(FormatError::said(format!(
            "type {}: multi-pass and submit-answer problems are not judged here",
            types.join(" ")
        )));
    }
    let scoring = types.iter().any(|t| t == "scoring") || validation.iter().any(|v| v == "score");
    let interactive =
        types.iter().any(|t| t == "interactive") || validation.iter().any(|v| v == "interactive");
    Ok(Header {
        version,
        scoring,
        interactive,
        custom: validation.first().is_some_and(|v| v == "custom") || interactive,
        title: title(&y["name"]),
    })
}

/// The words of `y[key]` (none when it is not there).
fn listed(y: &Yaml, key: &str, expected: &str) -> Result<Vec<String>, FormatError> {
    match &y[key] {
        Yaml::BadValue | Yaml::Null => Ok(vec![]),
        v => words(v).ok_or_else(|| FormatError::expected(key, expected)),
    }
}

/// The problem's name in English (or its first language), or in the one language it has.
fn title(name: &Yaml) -> String {
    match name {
        Yaml::String(s) => s.clone(),
        Yaml::Hash(h) => h
            .get(&Yaml::String("en".into()))
            .or_else(|| h.values().next())
            .and_then(|v| v.as_str())
            .unwrap_or("")
            .to_string(),
        _ => String::new(),
    }
}

/// The keys of problem.yaml's `limits` the format defines.
const LIMITS: [&str; 14] = [
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

/// problem.yaml's `limits`: the time limit (or DOMjudge's, or none: derived from the
/// accepted submissions) with the multipliers that derive and check it, in the version's
/// defaults (legacy's 5 and 2, later 2 and 1.5), and the memory and output limits (the
/// spec's 2048 and 8 MiB by default).
fn limits(
    dir: &Path,
    yaml_path: &Path,
    limits: &Yaml,
    version: Version,
    warnings: &mut Vec<String>,
) -> Result<(Timing, Info), FormatError> {
    for k in hash_keys(limits) {
        if !LIMITS.contains(&k.as_str()) {
            warnings.push(format!(
                "{}: limits: unknown key `{k}` (ignored)",
                yaml_path.display()
            ));
        }
    }
    let num = |y: &Yaml, what: &str| -> Result<Option<f64>, FormatError> {
        match y {
            Yaml::BadValue | Yaml::Null => Ok(None),
            v => match as_f64(v) {
                Some(x) if x > 0.0 => Ok(Some(x)),
                _ => Err(FormatError::expected(what, "a positive number")
                    .found(format!("{v:?}"))
                    .in_file(yaml_path)),
            },
        }
    };
    let legacy = version == Version::Legacy;
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
        .unwrap_or(if legacy { 5.0 } else { 2.0 }),
        time_limit_to_tle: num(
            &tm["time_limit_to_tle"],
            "limits.time_multipliers.time_limit_to_tle",
        )?
        .or(num(
            &limits["time_safety_margin"],
            "limits.time_safety_margin",
        )?)
        .unwrap_or(if legacy { 2.0 } else { 1.5 }),
        time_resolution: num(&limits["time_resolution"], "limits.time_resolution")?.unwrap_or(1.0),
    };
    let mib = |key: &str, default: u64| -> Result<Option<u64>, FormatError> {
        let n = num(&limits[key], &format!("limits.{key}"))?;
        Ok(Some(n.map_or(default, |x| x.ceil() as u64)))
    };
    let info = Info {
        time_limit_ms: timing.time_limit.map(|s| (s * 1000.0).round() as u64),
        memory_limit_mib: mib("memory", 2048)?,
        // problemtools' default (its config/problem.yaml), checked as problemtools checks
        // it: on the output's size once the run has ended within its time.
        output_limit_mib: mib("output", 8)?,
        output_checked_after_run: true,
        ..Info::default()
    };
    Ok((timing, info))
}

/// The input validators: each file or folder in `input_validators/` (or its older names).
fn input_validators(dir: &Path) -> Vec<PathBuf> {
    [
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
    .collect()
}

/// `include/default/` and `include/<language>/`: copied beside every submission (of that
/// language) before it is built.
fn includes(dir: &Path) -> Vec<(Option<&'static str>, PathBuf)> {
    [(None, "default")]
        .into_iter()
        .chain(LANGUAGE_CODES.iter().map(|(code, _)| (Some(*code), *code)))
        .map(|(code, folder)| (code, dir.join("include").join(folder)))
        .filter(|(_, d)| d.is_dir())
        .collect()
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
