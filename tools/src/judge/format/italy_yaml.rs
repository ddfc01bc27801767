//! The Italian olympiads' task folders (CMS's `italy_yaml` loader, `cmsMake`): `task.yaml`
//! (`time_limit` in seconds, `memory_limit` in MiB, `infile`/`outfile` for file I/O, an
//! empty name meaning stdin/stdout), `input/inputN.txt` + `output/outputN.txt`, `gen/GEN`
//! (a generator's arguments per line, `#ST: POINTS` opening a subtask, `#COPY: FILE` a case
//! copied as it is), `sol/` (the official `soluzione`, compiled with `sol/grader` where there
//! is one, and other solutions), `cor/correttore` or `check/checker` (CMS's checker
//! protocol) and `cor/manager` or `check/manager` (a Communication task: `user_io` in
//! task.yaml, else `fifo_io` when `sol/` has a stub, as CMS's loader has it).
//!
//! Where `input/` lacks a case that `gen/GEN` describes, the inputs are made as `cmsMake`
//! makes them: `gen/generatore ARGS > inputN.txt` in the task's folder, then `gen/valida
//! inputN.txt [SUBTASK]`, each a C or C++ source built with our commands, a Python one run
//! by `python3`, a shell script (`.sh`, often a link to `/bin/echo` or `/bin/true`) run as
//! `cmsMake` runs it (`made::script`); missing outputs are the official solution's, built
//! as CMS builds it (`-DEVAL`) and run on each input (through the input and output files
//! when the task has file I/O). Both are kept in the package's cache (`made.rs`), each under
//! a key of what made it, so it is made once.
//!
//! Scoring is CMS's: GroupMin over GEN's subtasks, else Sum (`total_value`, 100 by default,
//! spread over the cases). Cases are named as CMS names them: `000`, `001`, ...; with
//! `output_only: true` the task is CMS's OutputOnly, its outputs handed in as
//! `output_000.txt`, ... (`test --outputs DIR`). Cost: task.yaml, gen/GEN and two listings;
//! what is made, once, as `made.rs` says.

use std::fs;
use std::path::{Path, PathBuf};

use yaml_rust2::Yaml;

use crate::judge::check::{Check, Protocol};
use crate::judge::format::error::{self, FormatError};
use crate::judge::format::files::{self, cpp_with_headers, file_names};
use crate::judge::format::info::{check_limit, file_name};
use crate::judge::format::made::{self, Cache, Ended};
use crate::judge::format::stage::language_code;
use crate::judge::format::{
    Context, Found, Grading, Kind, Names, Package, Policy, Reader, Rule, ScoreRule, ScoredGroup,
    Submission, Tool,
};
use crate::run::program::Program;
use crate::run::spec::Limits;

pub const READER: Reader = Reader {
    name: "italy_yaml",
    looks_for: "task.yaml",
    claims,
    read,
};

fn claims(dir: &Path) -> bool {
    dir.join("task.yaml").is_file()
}

/// The limits a generator, validator or the official solution runs under while tests are
/// made: a minute of CPU, 4 GiB, 1 GiB of output.
const MAKING: Limits = Limits {
    time_ms: 60_000,
    wall_time: false,
    memory_kib: 4 << 20,
    output_bytes: 1 << 30,
    stack_kib: None,
};

/// One line of `gen/GEN` that makes a case.
#[derive(Clone, Debug, PartialEq)]
enum Line {
    /// The generator's arguments.
    Generate(Vec<String>),
    /// A file (relative to the task's folder) copied as the input.
    Copy(String),
}

/// `gen/GEN` read: its cases, each with its subtask's index, and the subtasks' points.
#[derive(Debug, Default, PartialEq)]
struct Gen {
    cases: Vec<(Line, usize)>,
    /// Each `#ST:` in order: its points and how many cases it holds.
    subtasks: Vec<(f64, usize)>,
}

fn parse_gen(text: &str) -> Result<Gen, FormatError> {
    let mut gen = Gen::default();
    for (n, raw) in text.lines().enumerate() {
        let at = |why: String| FormatError::said(why).at(n + 1, None);
        let (args, comment) = match raw.split_once('#') {
            Some((a, c)) => (a.trim(), Some(c.trim())),
            None => (raw.trim(), None),
        };
        let copy = comment.and_then(|c| c.strip_prefix("COPY:"));
        let subtask = comment.and_then(|c| c.strip_prefix("ST:"));
        if [!args.is_empty(), copy.is_some(), subtask.is_some()]
            .iter()
            .filter(|x| **x)
            .count()
            > 1
        {
            return Err(at(
                "a case and a #COPY: or #ST: on one line (cmsMake refuses it too)".to_string(),
            ));
        }
        if let Some(points) = subtask {
            let points: f64 = points
                .trim()
                .parse()
                .map_err(|_| at(format!("#ST:{points}: expected the subtask's points")))?;
            gen.subtasks.push((points, 0));
            continue;
        }
        let line = match copy {
            Some(file) => Line::Copy(file.trim().to_string()),
            None if !args.is_empty() => {
                Line::Generate(args.split_whitespace().map(str::to_string).collect())
            }
            None => continue,
        };
        if let Some(last) = gen.subtasks.last_mut() {
            last.1 += 1;
        }
        gen.cases.push((line, gen.subtasks.len().saturating_sub(1)));
    }
    Ok(gen)
}

/// The parts of `task.yaml` the judge uses.
#[derive(Debug, PartialEq)]
struct Task {
    name: Option<String>,
    time_limit_ms: Option<u64>,
    memory_limit_mib: Option<u64>,
    input_file: Option<String>,
    output_file: Option<String>,
    n_input: Option<usize>,
    total_value: f64,
    output_only: bool,
    num_processes: usize,
    /// `user_io`: `std_io` or `fifo_io` (CMS's Communication), as written.
    user_io: Option<String>,
}

fn parse_task(y: &Yaml) -> Result<Task, FormatError> {
    let key = |names: &[&str]| names.iter().map(|n| &y[*n]).find(|v| !v.is_badvalue());
    let number = |v: &Yaml| match v {
        Yaml::Integer(i) => Some(*i as f64),
        Yaml::Real(_) => v.as_f64(),
        Yaml::String(s) => s.trim().parse().ok(),
        _ => None,
    };
    let positive = |names: &[&str], unit: &str| -> Result<Option<f64>, FormatError> {
        match key(names) {
            None | Some(Yaml::Null) => Ok(None),
            Some(v) => number(v).filter(|x| *x > 0.0).map(Some).ok_or_else(|| {
                FormatError::expected(names[0], format!("a positive number of {unit}"))
            }),
        }
    };
    // An empty name is stdin or stdout; no key at all is CMS's default, input.txt and
    // output.txt.
    let io = |k: &str, default: &str| -> Result<Option<String>, FormatError> {
        match &y[k] {
            Yaml::BadValue => Ok(Some(default.to_string())),
            Yaml::Null => Ok(None),
            Yaml::String(s) if s.is_empty() => Ok(None),
            Yaml::String(s) => file_name(s)
                .map(Some)
                .map_err(|e| e.within(format!("{k}: {s:?}"))),
            other => Err(FormatError::expected(
                format!("{k}: {other:?}"),
                "a file name",
            )),
        }
    };
    let time_limit_ms = match positive(&["time_limit", "timeout"], "seconds")? {
        Some(s) => Some(check_limit(
            "time_limit",
            (s * 1000.0).round().max(1.0) as u64,
            86_400_000,
        )?),
        None => None,
    };
    let memory_limit_mib = match positive(&["memory_limit", "memlimit"], "MiB")? {
        Some(m) => Some(check_limit("memory_limit", m.ceil() as u64, 1 << 30)?),
        None => None,
    };
    Ok(Task {
        name: y["name"].as_str().map(str::to_string),
        time_limit_ms,
        memory_limit_mib,
        input_file: io("infile", "input.txt")?,
        output_file: io("outfile", "output.txt")?,
        n_input: key(&["n_input"]).and_then(number).map(|n| n as usize),
        total_value: key(&["total_value"]).and_then(number).unwrap_or(100.0),
        output_only: y["output_only"].as_bool().unwrap_or(false),
        num_processes: key(&["num_processes"])
            .and_then(number)
            .map_or(1, |n| n as usize),
        user_io: y["user_io"].as_str().map(str::to_string),
    })
}

/// The first of `dir/STEM.EXT` for the source endings the judge builds.
fn source(dir: &Path, stem: &str) -> Option<PathBuf> {
    ["cpp", "cc", "c", "py", "sh"]
        .iter()
        .map(|e| dir.join(format!("{stem}.{e}")))
        .find(|p| p.is_file())
}

/// Runs a program of the task's under [`MAKING`] with its stdout to `stdout`; one that
/// fails is `WHAT HOW: what it said` (one that cannot start: the sandbox's message).
fn make(
    program: &Program,
    args: &[String],
    stdout: &Path,
    cwd: &Path,
    what: &str,
) -> Result<(), FormatError> {
    made::run(program, args, None, stdout, cwd, MAKING).map_err(|e| match e {
        Ended::Unstarted(why) => FormatError::said(why),
        e => FormatError::said(format!("{what} {}", e.fully())),
    })
}

/// The inputs of `gen`'s cases: `input/inputN.txt` when all are there, else each made as
/// `cmsMake` makes it (`gen/generatore ARGS > FILE` in the task's folder, or a `#COPY:`
/// file copied), checked by `gen/valida FILE [SUBTASK]`, and kept in the cache. A
/// validator that cannot be built (Python 2, say) leaves the inputs unchecked, with a
/// warning: they are the package's own, and judging them is still worth it.
fn inputs(
    dir: &Path,
    gen: &Gen,
    cache: &mut Cache,
    warnings: &mut Vec<String>,
) -> Result<Vec<PathBuf>, FormatError> {
    let given: Vec<PathBuf> = (0..gen.cases.len())
        .map(|i| dir.join("input").join(format!("input{i}.txt")))
        .collect();
    if given.iter().all(|p| p.is_file()) {
        return Ok(given);
    }
    let gen_dir = dir.join("gen");
    let generator = source(&gen_dir, "generatore");
    let validator = source(&gen_dir, "valida");
    let mut sources = Vec::new();
    for p in generator.iter().chain(&validator) {
        sources.push(fs::read(p).map_err(error::io(p))?);
    }
    // Built when first needed: `None` until then, `Some(None)` for one that cannot be.
    let mut checker: Option<Option<Program>> = None;
    let mut made = Vec::new();
    for (i, (line, subtask)) in gen.cases.iter().enumerate() {
        // cmsMake gives the subtask (counted from 1) after the file, when there are subtasks.
        let subtask = (!gen.subtasks.is_empty()).then(|| (subtask + 1).to_string());
        let what = match line {
            Line::Copy(f) => fs::read(dir.join(f)).map_err(|e| copy_failed(f, e))?,
            Line::Generate(args) => args.join("\0").into_bytes(),
        };
        let mut parts: Vec<&[u8]> = sources.iter().map(Vec::as_slice).collect();
        parts.extend([what.as_slice(), subtask.as_deref().unwrap_or("").as_bytes()]);
        let key = files::key(&parts);
        made.push(cache.keep("inputs", &key, |cache, input| {
            match line {
                Line::Copy(f) => {
                    fs::copy(dir.join(f), input).map_err(|e| copy_failed(f, e))?;
                }
                Line::Generate(args) => {
                    let Some(src) = &generator else {
                        return Err(FormatError::said(
                            "input/ lacks cases that gen/GEN makes, and there is no \
                             gen/generatore (.cpp, .cc, .c, .py or .sh) to make them",
                        )
                        .in_file(dir));
                    };
                    let program = cache.build(src, "gen/generatore", false)?;
                    let what = format!("gen/generatore {} (input {i})", args.join(" "));
                    make(&program, args, input, dir, &what)?;
                }
            }
            let checker = checker.get_or_insert_with(|| {
                let v = validator.as_ref()?;
                cache
                    .build(v, "gen/valida", false)
                    .map_err(|why| {
                        warnings.push(format!("{why}; the generated inputs are not validated"))
                    })
                    .ok()
            });
            if let Some(v) = checker {
                let file = std::path::absolute(input).unwrap_or(input.to_path_buf());
                let args: Vec<String> = [file.display().to_string()]
                    .into_iter()
                    .chain(subtask.clone())
                    .collect();
                let sink = input.with_extension("valida");
                let checked = make(v, &args, &sink, dir, &format!("gen/valida on input {i}"));
                let _ = fs::remove_file(&sink);
                checked?;
            }
            Ok(())
        })?);
    }
    Ok(made)
}

/// The error of a `#COPY:` line whose file cannot be read.
fn copy_failed(file: &str, e: std::io::Error) -> FormatError {
    FormatError::said(format!("gen/GEN: #COPY: {file}: {e}"))
}

/// `sol/STEM.cpp`, `sol/STEM.c` and `sol/STEM.java` (the grader or stub of each language, as
/// `cmsMake` picks the one of the solution's language) and, with C or C++, the headers of
/// `sol/`.
fn graders(sol: &Path, stem: &str) -> Result<Vec<PathBuf>, FormatError> {
    let mut found = cpp_with_headers(sol, stem)?;
    let c = sol.join(format!("{stem}.c"));
    if c.is_file() {
        if found.is_empty() {
            let headers = file_names(sol)?.into_iter().filter(|f| f.ends_with(".h"));
            found.extend(headers.map(|f| sol.join(f)));
        }
        found.insert(0, c);
    }
    let java = sol.join(format!("{stem}.java"));
    if java.is_file() {
        found.push(java);
    }
    Ok(found)
}

/// The official solution, built as CMS builds a submission (`-DEVAL`, with `sol/grader`
/// where there is one). `cmsMake` makes the outputs with a build without `EVAL`, but then
/// a solution that reads `input.txt` only `#ifdef EVAL` (the usual template) reads its
/// terminal: built as it is judged, it reads the file it is judged with.
fn official(src: &Path, grader: &[PathBuf], cache: &mut Cache) -> Result<Program, FormatError> {
    let judge = Kind::ItalyYaml.judge();
    if grader.is_empty() {
        return cache.build_judged(src, "sol/soluzione", judge, false);
    }
    let stage = cache.scratch().join("official");
    let _ = fs::remove_dir_all(&stage);
    fs::create_dir_all(&stage).map_err(error::io(&stage))?;
    // The grader of the solution's language, and the headers.
    let code = language_code(src);
    let theirs = grader.iter().filter(|g| {
        let of = language_code(g);
        of.is_none() || of == code
    });
    for f in theirs.chain([&src.to_path_buf()]) {
        let to = stage.join(f.file_name().unwrap_or_default());
        fs::copy(f, &to).map_err(error::io(&to))?;
    }
    cache.build_judged(&stage, "sol/soluzione with sol/grader", judge, false)
}

/// The answers: `output/outputN.txt` when all are there, else the official solution's
/// output on each input (through the task's input and output files where it has file
/// I/O), kept in the cache.
fn answers(
    dir: &Path,
    task: &Task,
    inputs: &[PathBuf],
    grader: &[PathBuf],
    cache: &mut Cache,
) -> Result<Vec<PathBuf>, FormatError> {
    let given: Vec<PathBuf> = (0..inputs.len())
        .map(|i| dir.join("output").join(format!("output{i}.txt")))
        .collect();
    if given.iter().all(|p| p.is_file()) {
        return Ok(given);
    }
    let Some(src) = source(&dir.join("sol"), "soluzione") else {
        return Err(FormatError::said(
            "output/ lacks answers, and there is no sol/soluzione (.cpp, .c or .py) to make them",
        )
        .in_file(dir));
    };
    let mut sources = vec![fs::read(&src).map_err(error::io(&src))?];
    for f in grader {
        sources.push(fs::read(f).map_err(error::io(f))?);
    }
    // The file I/O and the judge's commands the solution is built with make the answer too.
    let io = format!(
        "{:?} {:?} {:?}",
        task.input_file,
        task.output_file,
        Kind::ItalyYaml.judge().builds()
    );
    let mut program = None;
    let mut made = Vec::new();
    for (i, input) in inputs.iter().enumerate() {
        let bytes = fs::read(input).map_err(error::io(input))?;
        let mut parts: Vec<&[u8]> = sources.iter().map(Vec::as_slice).collect();
        parts.extend([bytes.as_slice(), io.as_bytes()]);
        let key = files::key(&parts);
        made.push(cache.keep("answers", &key, |cache, answer| {
            let program = match &program {
                Some(p) => p,
                None => program.insert(official(&src, grader, cache)?),
            };
            let what = format!("the official solution {} on input {i}", src.display());
            let (input_file, output_file) =
                (task.input_file.as_deref(), task.output_file.as_deref());
            let solved = made::solve(program, input, input_file, output_file, MAKING)?
                .map_err(|e| FormatError::said(format!("{what} {}", e.fully())))?;
            fs::copy(&solved.output, answer).map_err(|e| {
                FormatError::said(format!(
                    "{what}: its output {}: {e}",
                    solved.output.display()
                ))
            })?;
            Ok(())
        })?);
    }
    Ok(made)
}

/// The first of `cor/NAME.cpp`, `check/NAME.cpp` (for each of `names`) that exists.
fn tool_source(dir: &Path, names: &[&str]) -> Option<PathBuf> {
    ["cor", "check"]
        .iter()
        .flat_map(|d| {
            names
                .iter()
                .map(move |n| dir.join(d).join(format!("{n}.cpp")))
        })
        .find(|p| p.is_file())
}

/// `sol/`'s solutions: `soluzione` must score in full, the others are judged with no
/// expectation (the format gives none); graders, stubs and templates are not solutions.
fn submissions(dir: &Path) -> Result<Vec<Submission>, FormatError> {
    let sol = dir.join("sol");
    let mut out = Vec::new();
    for f in file_names(&sol)? {
        let stem = f.rsplit_once('.').map_or(f.as_str(), |(s, _)| s);
        let ext = f.rsplit_once('.').map_or("", |(_, e)| e);
        let is_source = matches!(ext, "cpp" | "cc" | "c" | "py" | "java" | "rs" | "pas");
        if !is_source || ["grader", "stub"].contains(&stem) || stem.starts_with("template") {
            continue;
        }
        let rule = match stem {
            "soluzione" => Rule {
                label: "full score".to_string(),
                permitted: Vec::new(),
                required: Vec::new(),
                score: ScoreRule::Full,
            },
            _ => Rule::new("any", &[], &[]),
        };
        out.push(Submission::new(
            format!("sol/{f}"),
            sol.join(&f),
            rule,
            Names::Ours,
        ));
    }
    Ok(out)
}

/// Reads the task at `dir`: task.yaml, the cases gen/GEN describes (made where input/ and
/// output/ lack them), their subtasks, the checker or manager, and sol/'s solutions.
fn read(dir: &Path, context: &Context) -> Result<Package, FormatError> {
    let yaml = dir.join("task.yaml");
    let mut warnings = Vec::new();
    let doc = crate::judge::format::yaml::load(&yaml, &mut warnings)?;
    let task = parse_task(&doc).map_err(|e| e.in_file(&yaml))?;
    let gen = gen_of(dir, &task, &yaml)?;
    let sol = dir.join("sol");
    let manager = tool_source(dir, &["manager"]);
    let grader = graders(&sol, if manager.is_some() { "stub" } else { "grader" })?;
    let mut cache = Cache::new(&context.scratch, None);
    let inputs = inputs(dir, &gen, &mut cache, &mut warnings)?;
    let answers = if manager.is_some() {
        // A Communication task's manager decides; an answer file, if any, is its to read.
        (0..inputs.len())
            .map(|i| dir.join("output").join(format!("output{i}.txt")))
            .map(|p| {
                if p.is_file() {
                    p
                } else {
                    PathBuf::from("/dev/null")
                }
            })
            .collect()
    } else {
        answers(dir, &task, &inputs, &grader, &mut cache)?
    };
    let mut cases: Vec<Found> = inputs
        .into_iter()
        .zip(answers)
        .enumerate()
        .map(|(i, (input, answer))| Found::new(format!("{i:03}"), input, answer))
        .collect();
    let grading = grading(&gen, task.total_value, &mut cases);
    let name = task.name.clone().unwrap_or_else(|| files::name_of(dir));
    let mut package = Package::plain(Kind::ItalyYaml, name, dir.to_path_buf(), cases);
    package.info.time_limit_ms = task.time_limit_ms;
    package.info.memory_limit_mib = task.memory_limit_mib;
    package.info_path = Some(yaml);
    package.grading = grading;
    package.grader = grader;
    package.warnings = warnings;
    match tool_source(dir, &["correttore", "checker"]) {
        Some(c) => package.checker = Some(Tool::source(c, Protocol::Cms)),
        // CMS's "diff": whitespace-separated tokens compared as strings.
        None => package.compare = Some(Check::Tokens(vec!["case_sensitive".to_string()])),
    }
    if let Some(m) = manager {
        let processes = task.num_processes.max(1);
        // CMS's loader: `user_io` as task.yaml says, else fifo_io when sol/ has a stub, else
        // std_io; any other value is ignored with a warning.
        let fifos = match task.user_io.as_deref() {
            Some("fifo_io") => true,
            Some("std_io") => false,
            other => {
                if let Some(v) = other {
                    package.warnings.push(format!(
                        "task.yaml: user_io {v:?} is neither std_io nor fifo_io; ignored, as \
                         CMS ignores it"
                    ));
                }
                !package.grader.is_empty()
            }
        };
        package.interactor = Some(Tool::source(m, Protocol::CmsManager { processes, fifos }));
        package.info.interactive = true;
    } else {
        package.info.input_file = task.input_file.clone();
        package.info.output_file = task.output_file.clone();
    }
    // CMS's loader makes it an OutputOnly task: `output_000.txt`, ... handed in.
    package.output_only = task.output_only;
    package.submissions = submissions(dir)?;
    Ok(package)
}

/// The task's cases: `gen/GEN`'s, or without one, `input/` as it is (`n_input` of them if
/// task.yaml says), which must be as many as `n_input` says.
fn gen_of(dir: &Path, task: &Task, yaml: &Path) -> Result<Gen, FormatError> {
    let gen_path = dir.join("gen/GEN");
    let gen = match crate::judge::format::info::read_config(&gen_path)? {
        Some(text) => parse_gen(&text).map_err(|e| e.in_file(&gen_path))?,
        None => {
            let n = match task.n_input {
                Some(n) => n,
                None => file_names(&dir.join("input"))?
                    .iter()
                    .filter(|f| f.starts_with("input") && f.ends_with(".txt"))
                    .count(),
            };
            Gen {
                cases: (0..n)
                    .map(|i| (Line::Copy(format!("input/input{i}.txt")), 0))
                    .collect(),
                subtasks: Vec::new(),
            }
        }
    };
    match task.n_input {
        Some(n) if n != gen.cases.len() => Err(FormatError::said(format!(
            "n_input is {n}, and gen/GEN makes {} cases",
            gen.cases.len()
        ))
        .in_file(yaml)),
        _ => Ok(gen),
    }
}

/// CMS's scoring: GroupMin over GEN's subtasks (`subtask 0`, ...), else Sum, `total` spread
/// evenly over the cases.
fn grading(gen: &Gen, total: f64, cases: &mut [Found]) -> Grading {
    if gen.subtasks.is_empty() {
        return Grading::spread(total, cases);
    }
    let mut groups = Vec::new();
    for (s, (points, _)) in gen.subtasks.iter().enumerate() {
        let name = format!("subtask {s}");
        let members: Vec<String> = gen
            .cases
            .iter()
            .zip(cases.iter_mut())
            .filter(|((_, st), _)| *st == s)
            .map(|(_, c)| {
                c.group = Some(name.clone());
                c.name.clone()
            })
            .collect();
        groups.push(ScoredGroup {
            name,
            points: *points,
            policy: Policy::Min,
            cases: members,
            depends: Vec::new(),
        });
    }
    let full = groups.iter().map(|g| g.points).sum();
    Grading::Groups { groups, full }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gen_subtasks_copies_and_comments() {
        let g = parse_gen(
            "# N M seed\n#ST: 0\n#COPY: testo/input0.txt\n\n#ST: 40\n3 3 1\n4 4 2 # big\n#ST: 60\n8 8 3\n",
        )
        .unwrap();
        assert_eq!(g.subtasks, [(0.0, 1), (40.0, 2), (60.0, 1)]);
        assert_eq!(g.cases[0], (Line::Copy("testo/input0.txt".to_string()), 0));
        assert_eq!(
            g.cases[2],
            (Line::Generate(vec!["4".into(), "4".into(), "2".into()]), 1)
        );
        assert_eq!(g.cases[3].1, 2);
        assert!(parse_gen("3 3 #ST: 10\n")
            .unwrap_err()
            .to_string()
            .contains("line 1"));
    }

    #[test]
    fn task_yaml_file_io_and_limits() {
        let y = |t: &str| yaml_rust2::YamlLoader::load_from_str(t).unwrap().remove(0);
        let t = parse_task(&y("name: knight\ntime_limit: 0.5\nmemory_limit: 64\n")).unwrap();
        assert_eq!(t.time_limit_ms, Some(500));
        assert_eq!(t.memory_limit_mib, Some(64));
        // No key: CMS's default files; an empty name: stdin and stdout.
        assert_eq!(t.input_file.as_deref(), Some("input.txt"));
        let t = parse_task(&y("infile: ''\noutfile: 'out.txt'\n")).unwrap();
        assert_eq!(
            (t.input_file, t.output_file.as_deref()),
            (None, Some("out.txt"))
        );
        assert!(parse_task(&y("infile: ../x\n")).is_err());
    }
}
