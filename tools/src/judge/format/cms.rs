//! CMS tasks as TPS exports them (IOI's `TASK-CMS.zip`, unpacked: CMS's `tps_task` loader
//! reads the same folder): `problem.json` (limits, `task_type`, `task_type_params`),
//! `tests/NAME.in` + `tests/NAME.out`, `subtasks/*.json` (`score` and the `testcases` it
//! holds), `checker/checker.cpp` (CMS's protocol: the score in [0, 1] on stdout),
//! `graders/` (the grader compiled together with the contestant's source; a Communication
//! task's `manager.cpp` and stub) and `solutions/EXPECTATION/` (`model_solution`, `correct`,
//! `incorrect`, `time_limit`, `runtime_error`, `memory_limit`, ...).
//!
//! An OutputOnly task's contestant hands in `output_CODENAME.txt` per case (`test --outputs
//! DIR`), or judges a program that writes them (`--cmd`); its `solutions/EXPECTATION/`
//! holds programs, or folders of the outputs handed in (the folder itself, or folders in
//! it, holding `output_*.txt`), each judged under its folder's promise.
//!
//! Scoring is CMS's: with subtasks, GroupMin (each subtask's score times the least of its
//! cases' fractions, a case counted in every subtask that lists it); without, Sum (100
//! spread evenly over the cases). Reading costs a directory listing and a few small files;
//! nothing is built here (the checker, manager and graders are built when judging).

use std::fs;
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::judge::check::{Check, Protocol};
use crate::judge::format::files::{cpp_with_headers, file_names, natural_cmp, pair};
use crate::judge::format::info::{check_limit, file_name, read_required};
use crate::judge::format::{
    Context, FormatError, Found, Grading, Kind, Names, Package, Policy, Reader, Rule, ScoreRule,
    ScoredGroup, Submission, Tool,
};

pub const READER: Reader = Reader {
    name: "CMS",
    looks_for: "problem.json",
    claims,
    read,
};

fn claims(dir: &Path) -> bool {
    dir.join("problem.json").is_file()
}

/// CMS's task types, as `problem.json` names them.
#[derive(Clone, Debug, PartialEq)]
enum TaskType {
    /// The program reads the input and writes the output; `grader`: compiled with
    /// `graders/grader.cpp`; file names when the task uses files rather than stdio.
    Batch {
        grader: bool,
        input_file: Option<String>,
        output_file: Option<String>,
    },
    /// The manager and `processes` copies of the contestant's program (each with the stub),
    /// over FIFOs.
    Communication { processes: usize },
    /// The contestant submits the outputs themselves.
    OutputOnly,
}

/// The parts of `problem.json` the judge uses.
#[derive(Debug)]
struct Spec {
    code: String,
    time_limit_ms: Option<u64>,
    memory_limit_mib: Option<u64>,
    task_type: TaskType,
}

fn parse_problem(v: &Value) -> Result<Spec, FormatError> {
    let code = v
        .get("code")
        .and_then(Value::as_str)
        .ok_or_else(|| FormatError::said("no \"code\" (the task's short name)"))?
        .to_string();
    let time_limit_ms = match v.get("time_limit") {
        None | Some(Value::Null) => None,
        Some(t) => {
            let secs = t.as_f64().filter(|s| *s > 0.0).ok_or_else(|| {
                FormatError::expected(format!("time_limit = {t}"), "a positive number of seconds")
            })?;
            Some(check_limit(
                "time_limit",
                (secs * 1000.0).round().max(1.0) as u64,
                86_400_000,
            )?)
        }
    };
    // CMS keeps memory in bytes (TPS writes 2147483648 for 2 GiB); older exports wrote MiB,
    // which no real limit in bytes is as small as.
    let memory_limit_mib = match v.get("memory_limit") {
        None | Some(Value::Null) => None,
        Some(m) => {
            let n = m.as_u64().filter(|n| *n > 0).ok_or_else(|| {
                FormatError::expected(
                    format!("memory_limit = {m}"),
                    "a positive whole number of bytes",
                )
            })?;
            Some(if n < 1 << 20 { n } else { n.div_ceil(1 << 20) })
        }
    };
    let kind = v
        .get("task_type")
        .and_then(Value::as_str)
        .unwrap_or("Batch")
        .to_string();
    // `task_type_params` is JSON inside a JSON string.
    let params: Value = match v.get("task_type_params") {
        Some(Value::String(s)) if !s.trim().is_empty() => serde_json::from_str(s)
            .map_err(|e| FormatError::said(format!("task_type_params {s:?}: {e}")))?,
        Some(Value::Object(o)) => Value::Object(o.clone()),
        _ => Value::Object(Default::default()),
    };
    let param = |name: &str| params.get(format!("task_type_parameters_{kind}_{name}"));
    let task_type = match kind.to_ascii_lowercase().as_str() {
        "batch" => {
            let io = |key: &str| -> Result<Option<String>, FormatError> {
                match param(key).and_then(Value::as_str) {
                    None | Some("") => Ok(None),
                    Some(name) => file_name(name)
                        .map(Some)
                        .map_err(|e| e.within(format!("task_type_params {key} = {name:?}"))),
                }
            };
            Batch {
                // TPS's default is the grader.
                grader: param("compilation").and_then(Value::as_str) != Some("alone"),
                input_file: io("io_0_inputfile")?,
                output_file: io("io_1_outputfile")?,
            }
        }
        "communication" => {
            let processes = match param("num_processes") {
                None => 1,
                Some(n) => n
                    .as_u64()
                    .or_else(|| n.as_str().and_then(|s| s.parse().ok()))
                    .filter(|n| (1..=64).contains(n))
                    .ok_or_else(|| {
                        FormatError::expected(format!("num_processes = {n}"), "1 to 64")
                    })? as usize,
            };
            TaskType::Communication { processes }
        }
        "outputonly" => TaskType::OutputOnly,
        _ => {
            return Err(FormatError::said(format!(
                "task_type {kind:?}: the judge reads CMS's Batch, Communication and OutputOnly"
            )))
        }
    };
    Ok(Spec {
        code,
        time_limit_ms,
        memory_limit_mib,
        task_type,
    })
}
use TaskType::Batch;

/// A subtask file: its score and the names of its cases.
fn parse_subtask(v: &Value) -> Result<(f64, Vec<String>), FormatError> {
    let score = v
        .get("score")
        .and_then(Value::as_f64)
        .filter(|s| *s >= 0.0)
        .ok_or_else(|| FormatError::said("no \"score\" (a number, 0 or more)"))?;
    let cases = v
        .get("testcases")
        .and_then(Value::as_array)
        .ok_or_else(|| FormatError::said("no \"testcases\" (the list of its cases' names)"))?
        .iter()
        .map(|t| {
            t.as_str()
                .map(str::to_string)
                .ok_or_else(|| FormatError::said(format!("testcases: {t} is not a case's name")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok((score, cases))
}

fn read_json(path: &Path) -> Result<Value, FormatError> {
    let text = read_required(path)?;
    serde_json::from_str(&text).map_err(|e| FormatError::said(e.to_string()).in_file(path))
}

/// The subtasks, in their files' order, as GroupMin groups over `cases`; no subtasks: one
/// Sum group of 100 points spread over the cases, as CMS's loader does.
fn grading(dir: &Path, cases: &mut [Found]) -> Result<Grading, FormatError> {
    let folder = dir.join("subtasks");
    let files: Vec<String> = file_names(&folder)?
        .into_iter()
        .filter(|n| n.ends_with(".json"))
        .collect();
    if files.is_empty() {
        return Ok(Grading::spread(100.0, cases));
    }
    let mut groups = Vec::new();
    for f in files {
        let path = folder.join(&f);
        let (points, names) = parse_subtask(&read_json(&path)?).map_err(|e| e.in_file(&path))?;
        if let Some(missing) = names.iter().find(|n| !cases.iter().any(|c| &c.name == *n)) {
            return Err(FormatError::said(format!(
                "case {missing:?} is not in tests/ (no tests/{missing}.in with its .out)"
            ))
            .in_file(&path));
        }
        let name = f.trim_end_matches(".json").to_string();
        for c in cases.iter_mut().filter(|c| names.contains(&c.name)) {
            c.group.get_or_insert_with(|| name.clone());
        }
        groups.push(ScoredGroup {
            name,
            points,
            policy: Policy::Min,
            cases: names,
            depends: Vec::new(),
        });
    }
    let full = groups.iter().map(|g| g.points).sum();
    Ok(Grading::Groups { groups, full })
}

/// What a TPS solutions folder promises, as a rule in our verdict names, where `full` is
/// the most a submission gets; `None` for a folder TPS does not define.
pub fn expectation(folder: &str, full: f64) -> Option<Rule> {
    let rule = |label: &str, required: &[&'static str], score| Rule {
        label: label.to_string(),
        permitted: Vec::new(),
        required: required.to_vec(),
        score,
    };
    Some(match folder {
        "model_solution" | "correct" => rule("full score", &[], ScoreRule::Full),
        "incorrect" | "wrong_answer" | "protocol_violation" | "failed" => {
            rule("below full score", &[], ScoreRule::BelowFull)
        }
        // More than nothing and less than everything (CMS scores to 2 decimals at most).
        "partially_correct" => rule("partial score", &[], ScoreRule::Range(1e-6, full - 1e-6)),
        "time_limit" => rule("TLE on some case", &["TLE"], ScoreRule::BelowFull),
        "runtime_error" => rule("RE on some case", &["RE"], ScoreRule::BelowFull),
        // A program over the memory limit mostly dies of a failed allocation (CMS itself
        // says "killed, could be the memory limit").
        "memory_limit" => rule(
            "MLE or RE on some case",
            &["MLE", "RE"],
            ScoreRule::BelowFull,
        ),
        "time_limit_and_runtime_error" => rule(
            "TLE or RE on some case",
            &["TLE", "RE"],
            ScoreRule::BelowFull,
        ),
        _ => return None,
    })
}

/// Whether `name` is a source file a submission can be (not a header or a note).
pub fn is_source(name: &str) -> bool {
    let ext = name.rsplit_once('.').map_or("", |(_, e)| e);
    matches!(
        ext,
        "cpp" | "cc" | "cxx" | "c" | "py" | "java" | "rs" | "pas" | "go" | "kt"
    )
}

/// Whether `dir` holds outputs handed in (an `output_*.txt` file).
fn holds_outputs(dir: &Path) -> bool {
    file_names(dir)
        .unwrap_or_default()
        .iter()
        .any(|n| n.starts_with("output_") && n.ends_with(".txt"))
}

/// The submissions in `solutions/EXPECTATION/`, each with its folder's rule: its source
/// files (programs); for an output-only task also the outputs handed in, the folder itself
/// when it holds `output_*.txt` files, and each folder in it that does.
fn submissions(
    dir: &Path,
    full: f64,
    output_only: bool,
    warnings: &mut Vec<String>,
) -> Result<Vec<Submission>, FormatError> {
    let root = dir.join("solutions");
    let mut out = Vec::new();
    for folder in file_names(&root)? {
        let path = root.join(&folder);
        if !path.is_dir() {
            continue;
        }
        let rule = expectation(&folder, full).unwrap_or_else(|| {
            warnings.push(format!(
                "solutions/{folder}/: not a folder TPS defines (model_solution, correct, \
                 incorrect, partially_correct, time_limit, runtime_error, memory_limit, ...); \
                 its solutions are judged with no expectation"
            ));
            Rule::new("any", &[], &[])
        });
        let handed_in = |shown: String, at: PathBuf| Submission {
            handed_in: true,
            ..Submission::new(shown, at, rule.clone(), Names::Ours)
        };
        if output_only && holds_outputs(&path) {
            out.push(handed_in(format!("{folder}/"), path.clone()));
        }
        for file in file_names(&path)? {
            let at = path.join(&file);
            if output_only && at.is_dir() && holds_outputs(&at) {
                out.push(handed_in(format!("{folder}/{file}/"), at));
            } else if is_source(&file) {
                out.push(Submission::new(
                    format!("{folder}/{file}"),
                    at,
                    rule.clone(),
                    Names::Ours,
                ));
            }
        }
    }
    Ok(out)
}

fn read(dir: &Path, _context: &Context) -> Result<Package, FormatError> {
    let json = dir.join("problem.json");
    let problem = parse_problem(&read_json(&json)?).map_err(|e| e.in_file(&json))?;
    let mut warnings = Vec::new();
    let mut cases = pair(
        &dir.join("tests"),
        &[".in"],
        &dir.join("tests"),
        &[".out"],
        "",
        &mut warnings,
    )?;
    cases.sort_by(|a, b| natural_cmp(&a.name, &b.name));
    let grading = grading(dir, &mut cases)?;
    let mut package = Package::plain(Kind::Cms, problem.code.clone(), dir.to_path_buf(), cases);
    package.info.time_limit_ms = problem.time_limit_ms;
    package.info.memory_limit_mib = problem.memory_limit_mib;
    package.info_path = Some(json);
    package.grading = grading;
    let checker = dir.join("checker/checker.cpp");
    if checker.is_file() {
        package.checker = Some(Tool::source(checker, Protocol::Cms));
    } else {
        // CMS's "diff": whitespace-separated tokens compared as strings.
        package.compare = Some(Check::Tokens(Default::default()));
    }
    let graders = dir.join("graders");
    match &problem.task_type {
        Batch {
            grader,
            input_file,
            output_file,
        } => {
            package.info.input_file = input_file.clone();
            package.info.output_file = output_file.clone();
            if *grader {
                package.grader = cpp_with_headers(&graders, "grader")?;
            }
        }
        TaskType::Communication { processes } => {
            let manager = graders.join("manager.cpp");
            if !manager.is_file() {
                return Err(FormatError::said(
                    "a Communication task, and there is no graders/manager.cpp",
                )
                .in_file(dir));
            }
            package.interactor = Some(Tool::source(
                manager,
                // CMS's TPS loader sets std_io.
                Protocol::CmsManager {
                    processes: *processes,
                    fifos: false,
                },
            ));
            package.info.interactive = true;
            package.grader = cpp_with_headers(&graders, "stub")?;
            if package.grader.is_empty() {
                package.grader = cpp_with_headers(&graders, "grader")?;
            }
        }
        TaskType::OutputOnly => package.output_only = true,
    }
    if !package.grader.is_empty() {
        let names: Vec<String> = fs::read_dir(&graders)
            .map(|rd| {
                rd.filter_map(|e| e.ok())
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .filter(|n| is_source(n) && !n.ends_with(".cpp") && !n.starts_with("manager"))
                    .collect()
            })
            .unwrap_or_default();
        if !names.is_empty() {
            warnings.push(format!(
                "graders/ for other languages ({}) are not used: C++ submissions only",
                names.join(", ")
            ));
        }
    }
    let full = match &package.grading {
        Grading::Groups { full, .. } => *full,
        _ => 100.0,
    };
    package.submissions = submissions(
        dir,
        full,
        package.output_only,
        &mut package.submission_warnings,
    )?;
    package.warnings = warnings;
    Ok(package)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn problem_json_as_ioi_writes_it() {
        let v: Value = serde_json::from_str(
            r#"{"code": "knight", "time_limit": 1.5, "memory_limit": 2147483648,
                "task_type": "Communication",
                "task_type_params": "{\"task_type_parameters_Communication_num_processes\": 2}"}"#,
        )
        .unwrap();
        let p = parse_problem(&v).unwrap();
        assert_eq!(p.code, "knight");
        assert_eq!(p.time_limit_ms, Some(1500));
        assert_eq!(p.memory_limit_mib, Some(2048));
        assert_eq!(p.task_type, TaskType::Communication { processes: 2 });
        let batch: Value = serde_json::from_str(
            r#"{"code": "k", "task_type": "Batch", "task_type_params":
                "{\"task_type_parameters_Batch_compilation\": \"alone\", \"task_type_parameters_Batch_io_0_inputfile\": \"knight.in\"}"}"#,
        )
        .unwrap();
        assert_eq!(
            parse_problem(&batch).unwrap().task_type,
            Batch {
                grader: false,
                input_file: Some("knight.in".to_string()),
                output_file: None
            }
        );
        let bad: Value = serde_json::from_str(r#"{"code": "k", "task_type": "TwoSteps"}"#).unwrap();
        assert!(parse_problem(&bad)
            .unwrap_err()
            .to_string()
            .contains("TwoSteps"));
    }

    #[test]
    fn tps_folders_promise_what_tps_says() {
        let of = |f: &str| expectation(f, 100.0).unwrap();
        assert_eq!(of("correct").score, ScoreRule::Full);
        assert_eq!(of("incorrect").score, ScoreRule::BelowFull);
        assert_eq!(of("time_limit").required, ["TLE"]);
        assert_eq!(of("memory_limit").required, ["MLE", "RE"]);
        let ScoreRule::Range(lo, hi) = of("partially_correct").score else {
            panic!("partially_correct is a range")
        };
        assert!(lo > 0.0 && hi < 100.0 && hi > 99.0);
        assert!(expectation("whatever", 100.0).is_none());
    }
}
