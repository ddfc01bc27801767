//! Codeforces Polygon packages: a folder with `problem.xml` (the package Polygon exports, and
//! the layout of most national olympiads' archives). What is read from `problem.xml`:
//!
//! - `<judging input-file output-file>`: file I/O names (empty: stdin and stdout);
//! - the testset `--testset` names (`pretests`), by default `tests` (else the first; the
//!   header names the one read): `time-limit` (ms, CPU), `memory-limit` (bytes),
//!   `input-path-pattern` / `answer-path-pattern` (`tests/%02d`, `tests/%02d.a`), and one
//!   `<test>` per case, `method="manual"` (its file is in the package) or
//!   `method="generated" cmd="gen 10 3"` (made by the generator `gen` with those arguments,
//!   on stdout, or in the file `from-file` names for a generator that writes several), with its
//!   `group` and `points`;
//! - `<groups>`: each group's `points`, `points-policy` (`complete-group`: the group's points
//!   only when every case passes; `each-test`: each case's own) and `<dependencies>`;
//! - `<assets>`: the testlib `<checker>` and `<interactor>` by their `<source>`, and the
//!   `<solutions>` with their tags, which `verify` judges;
//! - `<files><executables>`: the generators' sources, found by the first word of a `cmd`.
//!
//! A test whose input file is missing (Polygon exports only the manual ones unless asked)
//! is generated, and a missing answer is made by the `main` solution, both kept in the
//! package's cache (`made.rs`) under a key of what makes them: the generator's source, the
//! headers beside it and the command line; the main solution's source and the input (an
//! interactive problem's missing answers are an empty file: main alone cannot make them).
//! A second read of the package builds and runs nothing. C++
//! generators are built with g++ (`-O2 -std=gnu++17`) and the `testlib.h` of the package's
//! `files/`; others by the judge's table of languages.
//!
//! The `<validators>` become the package's input validators (without Polygon's `--testset`
//! and `--group` arguments). Not read: the testsets but the one chosen, the checker's
//! and validators' own tests, statements, stresses, and the Freemarker test script
//! (`problem.xml` already lists each test it made).
//!
//! Cost: `problem.xml` is at most 1 MiB (a DTD, so entities, is refused) and read in one
//! pass; the first read runs each generator command and main once per missing file, every
//! later read only hashes the sources and inputs.

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};

use crate::judge::check::Protocol;
use crate::judge::format::error::{self, FormatError};
use crate::judge::format::files::{self, file_names, name_of};
use crate::judge::format::info::{self, Info};
use crate::judge::format::made::{self, Cache};
use crate::judge::format::{
    Build, Context, Found, Grading, Kind, Names, Package, Policy, Reader, Rule, ScoreRule,
    ScoredGroup, Submission, Tool,
};
use crate::run::files::Private;
use crate::run::spec::Limits;

/// This format's entry in the readers' table.
pub const READER: Reader = Reader {
    name: "polygon",
    looks_for: "problem.xml",
    claims,
    read,
};

/// A folder is a Polygon package when it has `problem.xml` whose root is `<problem>` (PCMS2
/// and others use the same file name with another root).
pub fn claims(dir: &Path) -> bool {
    let path = dir.join("problem.xml");
    match info::read_config(&path) {
        Ok(Some(text)) => roxmltree::Document::parse(&text)
            .is_ok_and(|d| d.root_element().has_tag_name("problem")),
        _ => false,
    }
}

/// One `<test>` of the testset.
#[derive(Clone, Debug, PartialEq)]
pub struct Test {
    /// `None`: manual, its input is in the package.
    pub generated: Option<Generated>,
    pub group: Option<String>,
    pub points: Option<f64>,
    pub sample: bool,
}

/// How a generated test is made: `cmd`'s first word is the generator, the rest its
/// arguments; its input is the generator's stdout, or the file `from_file` it writes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    pub cmd: String,
    pub from_file: Option<String>,
}

/// One `<group>`.
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    pub name: String,
    pub points: Option<f64>,
    pub policy: Policy,
    pub depends: Vec<String>,
}

/// What `problem.xml` says, before anything is built or run; paths are relative to the
/// package.
#[derive(Clone, Debug, PartialEq)]
pub struct Spec {
    /// The name of the testset read (`tests`, `pretests`).
    pub testset: String,
    pub short_name: Option<String>,
    pub input_file: Option<String>,
    pub output_file: Option<String>,
    pub time_limit_ms: Option<u64>,
    pub memory_limit_bytes: Option<u64>,
    pub input_pattern: String,
    pub answer_pattern: String,
    pub tests: Vec<Test>,
    pub groups: Vec<Group>,
    pub checker: Option<String>,
    pub interactor: Option<String>,
    /// The input validators' sources.
    pub validators: Vec<String>,
    /// Every `<executable>`'s source (generators, validators, checker...).
    pub executables: Vec<String>,
    /// `(tag, source)` of each `<solution>`.
    pub solutions: Vec<(String, String)>,
}

/// Expands a testset's path pattern for case `n` (1-based): printf's `%d` with an optional
/// zero flag and width (`%02d`, `%03d`), and `%%`.
pub fn expand(pattern: &str, n: usize) -> Result<String, FormatError> {
    let mut out = String::new();
    let mut chars = pattern.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        if chars.peek() == Some(&'%') {
            chars.next();
            out.push('%');
            continue;
        }
        let zero = chars.peek() == Some(&'0');
        if zero {
            chars.next();
        }
        let mut width = 0usize;
        while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
            width = width * 10 + d as usize;
            chars.next();
            if width > 20 {
                return Err(FormatError::said(format!(
                    "{pattern:?}: a field wider than 20"
                )));
            }
        }
        if chars.next() != Some('d') {
            return Err(FormatError::said(format!(
                "{pattern:?}: expected %d, %02d or the like for the test's number"
            )));
        }
        if zero {
            out.push_str(&format!("{n:0width$}"));
        } else {
            out.push_str(&format!("{n:width$}"));
        }
    }
    Ok(out)
}

type Node<'a, 'i> = roxmltree::Node<'a, 'i>;

/// The first child element of `n` called `name`.
fn child<'a, 'i>(n: Node<'a, 'i>, name: &str) -> Option<Node<'a, 'i>> {
    n.children().find(|c| c.has_tag_name(name))
}

/// Every child element of `n` called `name`.
fn children<'a, 'i>(n: Node<'a, 'i>, name: &str) -> Vec<Node<'a, 'i>> {
    n.children().filter(|c| c.has_tag_name(name)).collect()
}

/// The trimmed text of `n`'s child `name`, if it has one.
fn text_of(n: Node<'_, '_>, name: &str) -> Option<String> {
    child(n, name).map(|c| c.text().unwrap_or("").trim().to_string())
}

/// Reads the text of a `problem.xml` into a [`Spec`]; errors name the element and quote
/// the bad value.
pub fn parse(text: &str) -> Result<Spec, FormatError> {
    parse_testset(text, None)
}

/// `problem.xml` read with the testset named `testset` (`pretests`); `None`: `tests`, else
/// the first. An unknown name is an error that lists the testsets there.
pub fn parse_testset(text: &str, testset: Option<&str>) -> Result<Spec, FormatError> {
    let doc = roxmltree::Document::parse(text).map_err(|e| FormatError::said(e.to_string()))?;
    let problem = doc.root_element();
    if !problem.has_tag_name("problem") {
        return Err(FormatError::said(format!(
            "the root element is <{}>, not <problem>",
            problem.tag_name().name()
        )));
    }
    let judging =
        child(problem, "judging").ok_or_else(|| FormatError::said("no <judging> element"))?;
    let testset = chosen(judging, testset)?;
    let tests = tests(testset)?;
    let groups = groups(testset)?;
    let assets = child(problem, "assets");
    let checker = assets.and_then(|a| child(a, "checker"));
    if let Some(t) = checker.and_then(|c| c.attribute("type")) {
        if t != "testlib" {
            return Err(FormatError::said(format!(
                "<checker type=\"{t}\">: only testlib checkers are known"
            )));
        }
    }
    let executables = child(problem, "files")
        .and_then(|f| child(f, "executables"))
        .map(|e| sources(e, "executable"))
        .unwrap_or_default();
    let mut solutions = Vec::new();
    if let Some(list) = assets.and_then(|a| child(a, "solutions")) {
        for s in children(list, "solution") {
            let tag = s.attribute("tag").unwrap_or("").to_string();
            let path = source(s).ok_or_else(|| {
                FormatError::said(format!("<solution tag=\"{tag}\">: no <source path=...>"))
            })?;
            solutions.push((tag, path));
        }
    }
    let (time_limit_ms, memory_limit_bytes) = limits(testset)?;
    Ok(Spec {
        testset: testset.attribute("name").unwrap_or("").to_string(),
        short_name: problem.attribute("short-name").map(str::to_string),
        input_file: file_io(judging, "input-file")?,
        output_file: file_io(judging, "output-file")?,
        time_limit_ms,
        memory_limit_bytes,
        input_pattern: text_of(testset, "input-path-pattern")
            .unwrap_or_else(|| "tests/%02d".to_string()),
        answer_pattern: text_of(testset, "answer-path-pattern")
            .unwrap_or_else(|| "tests/%02d.a".to_string()),
        tests,
        groups,
        checker: checker.and_then(source),
        interactor: assets.and_then(|a| child(a, "interactor")).and_then(source),
        validators: assets
            .and_then(|a| child(a, "validators"))
            .map(|v| sources(v, "validator"))
            .unwrap_or_default(),
        executables,
        solutions,
    })
}

/// The testset asked for by name, else `tests`, else the first.
fn chosen<'a, 'i>(judging: Node<'a, 'i>, name: Option<&str>) -> Result<Node<'a, 'i>, FormatError> {
    let testsets = children(judging, "testset");
    let named = |name: &str| {
        testsets
            .iter()
            .find(|t| t.attribute("name") == Some(name))
            .copied()
    };
    let Some(name) = name else {
        return named("tests")
            .or(testsets.first().copied())
            .ok_or_else(|| FormatError::said("<judging> has no <testset>"));
    };
    named(name).ok_or_else(|| {
        let there: Vec<String> = testsets
            .iter()
            .map(|t| format!("{:?}", t.attribute("name").unwrap_or("")))
            .collect();
        FormatError::said(format!(
            "--testset {name}: problem.xml has no such testset (it has {})",
            if there.is_empty() {
                "none".to_string()
            } else {
                there.join(", ")
            }
        ))
    })
}

/// The testset's `<test>`s, which must be as many as its `<test-count>` says.
fn tests(testset: Node<'_, '_>) -> Result<Vec<Test>, FormatError> {
    let mut tests = Vec::new();
    let listed = child(testset, "tests").map_or_else(Vec::new, |l| children(l, "test"));
    for (i, t) in listed.into_iter().enumerate() {
        let what = format!("<test> #{}", i + 1);
        let generated = match t.attribute("method").unwrap_or("manual") {
            "manual" => None,
            "generated" => Some(Generated {
                cmd: t
                    .attribute("cmd")
                    .map(str::trim)
                    .filter(|c| !c.is_empty())
                    .ok_or_else(|| {
                        FormatError::said(format!("{what}: method=\"generated\" without a cmd"))
                    })?
                    .to_string(),
                from_file: t.attribute("from-file").map(str::to_string),
            }),
            other => {
                return Err(FormatError::expected(
                    format!("{what}: method=\"{other}\""),
                    "manual or generated",
                ))
            }
        };
        tests.push(Test {
            generated,
            group: t.attribute("group").map(str::to_string),
            points: points(t, &what)?,
            sample: t.attribute("sample") == Some("true"),
        });
    }
    if let Some(count) = number(testset, "test-count")? {
        if count != tests.len() as u64 {
            return Err(FormatError::said(format!(
                "<test-count>{count}</test-count>, but <tests> lists {} tests",
                tests.len()
            )));
        }
    }
    Ok(tests)
}

/// The testset's `<group>`s: points, policy and dependencies.
fn groups(testset: Node<'_, '_>) -> Result<Vec<Group>, FormatError> {
    let listed = child(testset, "groups").map_or_else(Vec::new, |l| children(l, "group"));
    let mut groups = Vec::new();
    for g in listed {
        let name = g
            .attribute("name")
            .ok_or_else(|| FormatError::said("a <group> without a name"))?;
        let what = format!("<group name=\"{name}\">");
        let policy = match g.attribute("points-policy").unwrap_or("complete-group") {
            "complete-group" => Policy::Min,
            "each-test" => Policy::Sum,
            other => {
                return Err(FormatError::expected(
                    format!("{what}: points-policy=\"{other}\""),
                    "complete-group or each-test",
                ))
            }
        };
        let depends = child(g, "dependencies")
            .map(|d| {
                children(d, "dependency")
                    .into_iter()
                    .filter_map(|d| d.attribute("group").map(str::to_string))
                    .collect()
            })
            .unwrap_or_default();
        groups.push(Group {
            name: name.to_string(),
            points: points(g, &what)?,
            policy,
            depends,
        });
    }
    Ok(groups)
}

/// The testset's `<time-limit>` (ms) and `<memory-limit>` (bytes), each within the judge's
/// bounds.
fn limits(testset: Node<'_, '_>) -> Result<(Option<u64>, Option<u64>), FormatError> {
    let time_limit_ms = number(testset, "time-limit")?;
    if let Some(ms) = time_limit_ms {
        info::check_limit("time_limit_ms", ms, info::MAX_TIME_LIMIT_MS)
            .map_err(|e| e.within(format!("<time-limit>{ms}</time-limit>")))?;
    }
    let memory_limit_bytes = number(testset, "memory-limit")?;
    if let Some(b) = memory_limit_bytes {
        info::check_limit(
            "memory_limit_mib",
            b.div_ceil(1 << 20),
            info::MAX_MEMORY_LIMIT_MIB,
        )
        .map_err(|e| e.within(format!("<memory-limit>{b}</memory-limit>")))?;
    }
    Ok((time_limit_ms, memory_limit_bytes))
}

/// The whole number in `n`'s child `name`, if it has one.
fn number(n: Node<'_, '_>, name: &str) -> Result<Option<u64>, FormatError> {
    match text_of(n, name) {
        None => Ok(None),
        Some(t) => t
            .parse()
            .map(Some)
            .map_err(|_| FormatError::expected(format!("<{name}>{t}</{name}>"), "a whole number")),
    }
}

/// `n`'s `points` attribute, if it has one (`what` names `n` in the error).
fn points(n: Node<'_, '_>, what: &str) -> Result<Option<f64>, FormatError> {
    match n.attribute("points") {
        None => Ok(None),
        Some(p) => match p.trim().parse::<f64>() {
            Ok(v) if v.is_finite() && v >= 0.0 => Ok(Some(v)),
            _ => Err(FormatError::expected(
                format!("{what} points=\"{p}\""),
                "a number of points, 0 or more",
            )),
        },
    }
}

/// `<judging>`'s file I/O name `attr` (`input-file`), `None` for stdin and stdout.
fn file_io(judging: Node<'_, '_>, attr: &str) -> Result<Option<String>, FormatError> {
    match judging.attribute(attr).map(str::trim) {
        None | Some("") | Some("stdin") | Some("stdout") => Ok(None),
        Some(name) => info::file_name(name)
            .map(Some)
            .map_err(|e| e.within(format!("<judging {attr}=\"{name}\">"))),
    }
}

/// The `<source path>` of `n`, if it names one.
fn source(n: Node<'_, '_>) -> Option<String> {
    child(n, "source")
        .and_then(|s| s.attribute("path"))
        .map(str::to_string)
}

/// The sources of `n`'s children called `name` (`<executable>`, `<validator>`).
fn sources(n: Node<'_, '_>, name: &str) -> Vec<String> {
    children(n, name).into_iter().filter_map(source).collect()
}

/// What a solution's tag allows, as Polygon checks it: `main` and `accepted` pass every
/// case; `wrong-answer`, `presentation-error`, `time-limit-exceeded` and
/// `memory-limit-exceeded` fail at least one case that way and every other case passes or
/// fails the same way; `time-limit-exceeded-or-accepted` passes or is too slow on each case
/// (it need not fail); `time-limit-exceeded-or-memory-limit-exceeded` fails at least one case
/// for time or memory and no case otherwise; `rejected` fails at least one case, any way.
/// `None`: a tag with nothing to judge here (`failed`, see [`skip_reason`]) or unknown.
pub fn rule(tag: &str) -> Option<Rule> {
    const FAILURES: &[&str] = &["WA", "PE", "RE", "TLE", "MLE", "OLE"];
    let rule = |label: &str,
                permitted: &[&'static str],
                required: &[&'static str],
                score: ScoreRule| Rule {
        label: label.to_string(),
        permitted: permitted.to_vec(),
        required: required.to_vec(),
        score,
    };
    Some(match tag {
        "main" | "accepted" => rule("AC", &["AC"], &[], ScoreRule::Full),
        "wrong-answer" => rule("WA", &["AC", "WA"], &["WA"], ScoreRule::Any),
        "presentation-error" => rule("PE", &["AC", "PE"], &["PE"], ScoreRule::Any),
        "time-limit-exceeded" => rule("TLE", &["AC", "TLE"], &["TLE"], ScoreRule::Any),
        "memory-limit-exceeded" => rule("MLE", &["AC", "MLE"], &["MLE"], ScoreRule::Any),
        "time-limit-exceeded-or-accepted" => rule("TLE or AC", &["AC", "TLE"], &[], ScoreRule::Any),
        "time-limit-exceeded-or-memory-limit-exceeded" => rule(
            "TLE or MLE",
            &["AC", "TLE", "MLE"],
            &["TLE", "MLE"],
            ScoreRule::Any,
        ),
        "rejected" => rule("not AC", &[], FAILURES, ScoreRule::Any),
        _ => return None,
    })
}

/// Why a solution with `tag` is listed but not judged.
fn skip_reason(tag: &str) -> String {
    match tag {
        "failed" => "tagged failed: it is expected to make the checker fail, which this judge \
                     reports as a setup error, not as a verdict; not judged"
            .to_string(),
        other => format!(
            "tag {other:?} is not one of Polygon's (main, accepted, wrong-answer, \
             presentation-error, time-limit-exceeded, memory-limit-exceeded, \
             time-limit-exceeded-or-accepted, time-limit-exceeded-or-memory-limit-exceeded, \
             rejected, failed); not judged"
        ),
    }
}

/// The scoring of the testset: none (pass or fail) when no test and no group has points;
/// else one group per `<group>` (its `points`, or the sum of its tests' points), and the
/// tests outside any group in one group of their own, each test scoring its points (as
/// Polygon treats them when points are on). `names[i]` is test i's case name.
pub fn grading(spec: &Spec, names: &[String]) -> Result<Grading, FormatError> {
    let has_points = spec.tests.iter().any(|t| t.points.is_some())
        || spec.groups.iter().any(|g| g.points.is_some());
    if !has_points {
        return Ok(Grading::PassFail);
    }
    let mut groups = Vec::new();
    for g in &spec.groups {
        for d in &g.depends {
            if !spec.groups.iter().any(|o| o.name == *d) {
                return Err(FormatError::said(format!(
                    "<group name=\"{}\">: depends on group {d:?}, which <groups> does not list",
                    g.name
                )));
            }
        }
        let members: Vec<usize> = (0..spec.tests.len())
            .filter(|&i| spec.tests[i].group.as_deref() == Some(g.name.as_str()))
            .collect();
        let sum: f64 = members.iter().filter_map(|&i| spec.tests[i].points).sum();
        groups.push(ScoredGroup {
            name: g.name.clone(),
            points: g.points.unwrap_or(sum),
            policy: g.policy,
            cases: members.iter().map(|&i| names[i].clone()).collect(),
            depends: g.depends.clone(),
        });
    }
    for (i, t) in spec.tests.iter().enumerate() {
        if let Some(name) = &t.group {
            if !spec.groups.iter().any(|g| g.name == *name) {
                // A group named only by its tests: Polygon's default policy for it.
                match groups.iter_mut().find(|g| g.name == *name) {
                    Some(g) => {
                        g.cases.push(names[i].clone());
                        g.points += t.points.unwrap_or(0.0);
                    }
                    None => groups.push(ScoredGroup {
                        name: name.clone(),
                        points: t.points.unwrap_or(0.0),
                        policy: Policy::Min,
                        cases: vec![names[i].clone()],
                        depends: Vec::new(),
                    }),
                }
            }
        }
    }
    let loose: Vec<usize> = (0..spec.tests.len())
        .filter(|&i| spec.tests[i].group.is_none())
        .collect();
    if !loose.is_empty() {
        groups.push(ScoredGroup {
            name: "(no group)".to_string(),
            points: loose.iter().filter_map(|&i| spec.tests[i].points).sum(),
            policy: Policy::Sum,
            cases: loose.iter().map(|&i| names[i].clone()).collect(),
            depends: Vec::new(),
        });
    }
    let full = groups.iter().map(|g| g.points).sum();
    Ok(Grading::Groups { groups, full })
}

/// Reads the package at `dir`: parses `problem.xml`, generates what is missing into
/// `cx.scratch`, and describes the rest.
pub fn read(dir: &Path, cx: &Context) -> Result<Package, FormatError> {
    let xml = dir.join("problem.xml");
    let text = info::read_required(&xml)?;
    let spec = parse_testset(&text, cx.testset.as_deref()).map_err(|e| e.in_file(&xml))?;
    let tool = |rel: &String, what: &str| -> Result<Tool, FormatError> {
        let path = dir.join(rel);
        if !path.is_file() {
            return Err(FormatError::said(format!(
                "the {what} {rel} that problem.xml names is not in the package"
            ))
            .in_file(&xml));
        }
        Ok(Tool {
            path,
            protocol: Protocol::Testlib,
            build: Build::Testlib,
        })
    };
    let checker = spec
        .checker
        .as_ref()
        .map(|c| tool(c, "checker"))
        .transpose()?;
    let interactor = spec
        .interactor
        .as_ref()
        .map(|i| tool(i, "interactor"))
        .transpose()?;
    let validators = spec
        .validators
        .iter()
        .map(|v| tool(v, "validator"))
        .collect::<Result<Vec<_>, _>>()?;
    let info = Info {
        time_limit_ms: spec.time_limit_ms,
        memory_limit_mib: spec.memory_limit_bytes.map(|b| b.div_ceil(1 << 20)),
        input_file: spec.input_file.clone(),
        output_file: spec.output_file.clone(),
        interactive: interactor.is_some(),
        ..Info::default()
    };
    let name = spec.short_name.clone().unwrap_or_else(|| name_of(dir));
    let announce = format!(
        "judge: {name}: making the tests problem.xml generates and their missing answers \
         (once: they are kept in {})",
        cx.scratch.display()
    );
    let mut maker = Maker {
        dir,
        spec: &spec,
        info: &info,
        main: spec
            .solutions
            .iter()
            .find(|(tag, _)| tag == "main")
            .map(|(_, p)| dir.join(p)),
        cache: Cache::new(&cx.scratch, Some(announce)),
        runs: HashMap::new(),
    };
    let mut warnings = Vec::new();
    let cases = maker.cases(&mut warnings)?;
    let names: Vec<String> = cases.iter().map(|c| c.name.clone()).collect();
    let grading = grading(&spec, &names).map_err(|e| e.in_file(&xml))?;
    let submissions = submissions(dir, &spec, &mut warnings);
    let mut package = Package::plain(Kind::Polygon, name, dir.to_path_buf(), cases);
    package.testset = Some(spec.testset.clone());
    package.info = info;
    package.info_path = Some(xml);
    package.warnings = warnings;
    package.checker = checker;
    package.interactor = interactor;
    package.validators = validators;
    package.grading = grading;
    package.submissions = submissions;
    Ok(package)
}

/// The `<solutions>` with what their tags promise; one whose tag promises nothing judged
/// here is listed with why it is skipped, one missing from the package is warned about.
fn submissions(dir: &Path, spec: &Spec, warnings: &mut Vec<String>) -> Vec<Submission> {
    let mut submissions = Vec::new();
    for (tag, rel) in &spec.solutions {
        let path = dir.join(rel);
        if !path.is_file() {
            warnings.push(format!(
                "{rel} (tagged {tag}): listed in problem.xml, not in the package: skipped"
            ));
            continue;
        }
        let (rule, skip) = match rule(tag) {
            Some(r) => (r, None),
            None => (Rule::new(tag, &[], &[]), Some(skip_reason(tag))),
        };
        // As Kattis' places read: what it must get, then the file.
        let shown = format!("{tag}/{}", rel.rsplit('/').next().unwrap_or(rel));
        submissions.push(Submission {
            skip,
            ..Submission::new(shown, path, rule, Names::Ours)
        });
    }
    submissions
}

/// What makes the missing inputs and answers: the generators and the main solution, built
/// once per read in the package's cache, and each generator command run once (a generator
/// that writes several files serves every test that names one of them).
struct Maker<'a> {
    dir: &'a Path,
    spec: &'a Spec,
    info: &'a Info,
    main: Option<PathBuf>,
    cache: Cache<'a>,
    /// Each run of a generator that writes files (`from-file`), by its command, in the
    /// folder that holds what it wrote.
    runs: HashMap<String, Private>,
}

/// A generator's run: half a minute of CPU, 1 GiB, 1 GiB of output; the main solution
/// gets ten times the problem's time limit (at least 10 s), its memory limit and as much
/// output.
const TOOL_LIMITS: Limits = Limits {
    time_ms: 30_000,
    wall_time: false,
    memory_kib: 1 << 20,
    output_bytes: 1 << 30,
    stack_kib: None,
};

impl Maker<'_> {
    /// The testset's cases: each test's input and answer from the package, else made.
    fn cases(&mut self, warnings: &mut Vec<String>) -> Result<Vec<Found>, FormatError> {
        let spec = self.spec;
        let mut cases = Vec::new();
        for (i, t) in spec.tests.iter().enumerate() {
            let n = i + 1;
            let input_rel = expand(&spec.input_pattern, n)?;
            let answer_rel = expand(&spec.answer_pattern, n)?;
            let name = Path::new(&input_rel)
                .file_name()
                .map(|f| f.to_string_lossy().into_owned())
                .unwrap_or_else(|| n.to_string());
            let mut input = self.dir.join(&input_rel);
            if !input.is_file() {
                input = match &t.generated {
                    Some(g) => self.generate(n, g)?,
                    None => {
                        return Err(FormatError::said(format!(
                            "test {n} is manual, but its input {input_rel} is not in the package"
                        )))
                    }
                };
            }
            let mut answer = self.dir.join(&answer_rel);
            if !answer.is_file() {
                answer = if self.info.interactive {
                    // Main alone cannot answer an interactive test (Polygon runs it with the
                    // interactor); the checker gets an empty answer, and is told so once.
                    if !warnings.iter().any(|w| w.contains("empty answer")) {
                        warnings.push(format!(
                            "{answer_rel} and the other missing answers of this interactive \
                             problem are not made here: its checker gets an empty answer file"
                        ));
                    }
                    made::empty(self.cache.scratch())?
                } else {
                    self.answer(n, &input)?
                };
            }
            cases.push(Found {
                group: t.group.clone(),
                points: t.points,
                ..Found::new(name, input, answer)
            });
        }
        Ok(cases)
    }

    /// The source of the generator called `name` in a `cmd`: the `<executable>` whose source
    /// file is `NAME.*`, else `files/NAME.*`.
    fn generator_source(&self, name: &str) -> Option<PathBuf> {
        let stem_is = |p: &Path| p.file_stem().is_some_and(|s| s == name);
        self.spec
            .executables
            .iter()
            .map(|rel| self.dir.join(rel))
            .find(|p| stem_is(p) && p.is_file())
            .or_else(|| {
                file_names(&self.dir.join("files"))
                    .ok()?
                    .into_iter()
                    .map(|f| self.dir.join("files").join(f))
                    .find(|p| {
                        stem_is(p) && p.extension().is_some_and(|e| e != "exe") && p.is_file()
                    })
            })
    }

    /// Test `n`'s input, made by `g` into the cache (or found there), keyed by the
    /// generator's source, the headers beside it (testlib.h, the package's own) and the
    /// command line.
    fn generate(&mut self, n: usize, g: &Generated) -> Result<PathBuf, FormatError> {
        let words: Vec<String> = g.cmd.split_whitespace().map(str::to_string).collect();
        let name = &words[0];
        let src = self.generator_source(name).ok_or_else(|| {
            FormatError::said(format!(
                "test {n}: cmd \"{}\": no generator {name} (no <executable> and no file \
                 files/{name}.* in the package)",
                g.cmd
            ))
        })?;
        let mut parts = vec![b"polygon input".to_vec(), bytes(&src)?];
        if let Some(folder) = src.parent() {
            for f in file_names(folder)? {
                if f.ends_with(".h") || f.ends_with(".hpp") {
                    parts.push(bytes(&folder.join(&f))?);
                    parts.push(f.into_bytes());
                }
            }
        }
        parts.push(words.join("\0").into_bytes());
        parts.push(g.from_file.clone().unwrap_or_default().into_bytes());
        let key = files::key(&parts.iter().map(Vec::as_slice).collect::<Vec<_>>());
        let runs = &mut self.runs;
        let failed =
            |why: String| FormatError::said(format!("test {n}: generator \"{}\" {why}", g.cmd));
        self.cache.keep("inputs", &key, |cache, input| {
            let program = cache.build(&src, &format!("generator {name}"), true)?;
            let Some(file) = &g.from_file else {
                let run = Private::new()?;
                let out = run.join("stdout");
                made::run(&program, &words[1..], None, &out, run.path(), TOOL_LIMITS)
                    .map_err(|e| failed(e.briefly()))?;
                return fs::copy(&out, input).map(drop).map_err(error::io(input));
            };
            if !runs.contains_key(&g.cmd) {
                let run = Private::new()?;
                let work = run.join("work");
                fs::create_dir(&work).map_err(error::io(&work))?;
                let out = run.join("stdout");
                made::run(&program, &words[1..], None, &out, &work, TOOL_LIMITS)
                    .map_err(|e| failed(e.briefly()))?;
                runs.insert(g.cmd.clone(), run);
            }
            let work = runs[&g.cmd].join("work");
            // As Polygon's scripts look for it: the name, or it with one or two zeros.
            let written = [file.clone(), format!("0{file}"), format!("00{file}")]
                .into_iter()
                .map(|f| work.join(f))
                .find(|p| p.is_file())
                .ok_or_else(|| failed(format!("wrote no file {file}")))?;
            fs::copy(&written, input)
                .map(drop)
                .map_err(error::io(input))
        })
    }

    /// The answer to `input`: the main solution's output, made into the cache (or found
    /// there), keyed by its source, the input and the file I/O.
    fn answer(&mut self, n: usize, input: &Path) -> Result<PathBuf, FormatError> {
        let main = self.main.clone().ok_or_else(|| {
            FormatError::said(format!(
                "test {n} has no answer file ({}) and problem.xml tags no main solution to make it",
                expand(&self.spec.answer_pattern, n).unwrap_or_default()
            ))
        })?;
        let (input_file, output_file) = (
            self.info.input_file.as_deref(),
            self.info.output_file.as_deref(),
        );
        // The judge's commands the main solution is built with make the answer too.
        let io = format!(
            "{input_file:?} {output_file:?} {:?}",
            Kind::Polygon.judge().builds()
        );
        let key = files::key(&[
            b"polygon answer",
            &bytes(&main)?,
            &bytes(input)?,
            io.as_bytes(),
        ]);
        let shown = main
            .strip_prefix(self.dir)
            .unwrap_or(&main)
            .display()
            .to_string();
        let tl = self
            .info
            .time_limit_ms
            .unwrap_or(info::DEFAULT_TIME_LIMIT_MS);
        let limits = Limits {
            time_ms: tl.saturating_mul(10).max(10_000),
            memory_kib: self
                .info
                .memory_limit_mib
                .unwrap_or(info::DEFAULT_MEMORY_LIMIT_MIB)
                .saturating_mul(1024),
            ..TOOL_LIMITS
        };
        self.cache.keep("answers", &key, |cache, answer| {
            // Built as Codeforces builds it (`ONLINE_JUDGE`): a solution's `#ifndef
            // ONLINE_JUDGE` file input is a local run's, not the judge's.
            let what = format!("main solution {shown}");
            let program = cache.build_judged(&main, &what, Kind::Polygon.judge(), true)?;
            let solved =
                made::solve(&program, input, input_file, output_file, limits)?.map_err(|e| {
                    FormatError::said(format!(
                        "test {n}: the main solution {shown} {}, so it has no answer",
                        e.briefly()
                    ))
                })?;
            if !solved.output.is_file() {
                return Err(FormatError::said(format!(
                    "test {n}: the main solution {shown} wrote no {}",
                    solved
                        .output
                        .file_name()
                        .unwrap_or_default()
                        .to_string_lossy()
                )));
            }
            fs::copy(&solved.output, answer)
                .map(drop)
                .map_err(error::io(answer))
        })
    }
}

/// The bytes of `path`, for a key.
fn bytes(path: &Path) -> Result<Vec<u8>, FormatError> {
    fs::read(path).map_err(error::io(path))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_expand_as_printf() {
        assert_eq!(expand("tests/%02d", 3).unwrap(), "tests/03");
        assert_eq!(expand("tests/%02d.a", 12).unwrap(), "tests/12.a");
        assert_eq!(expand("tests/%02d", 123).unwrap(), "tests/123");
        assert_eq!(expand("t/%d.in", 7).unwrap(), "t/7.in");
        assert_eq!(expand("t/%03d%%", 7).unwrap(), "t/007%");
        assert!(expand("t/%s", 1).is_err());
    }

    const XML: &str = r#"<?xml version="1.0" encoding="utf-8"?>
<problem revision="3" short-name="knight">
  <judging input-file="" output-file="knight.out">
    <testset name="pretests"><test-count>0</test-count><tests/></testset>
    <testset name="tests">
      <time-limit>2000</time-limit>
      <memory-limit>268435456</memory-limit>
      <test-count>3</test-count>
      <input-path-pattern>tests/%02d</input-path-pattern>
      <answer-path-pattern>tests/%02d.a</answer-path-pattern>
      <tests>
        <test method="manual" sample="true" group="0" points="0"/>
        <test method="generated" cmd="gen 5 1" group="1" points="30"/>
        <test method="generated" cmd="gen 8 2" from-file="2" points="7.5"/>
      </tests>
      <groups>
        <group name="0" points-policy="complete-group"/>
        <group name="1" points="40" points-policy="each-test">
          <dependencies><dependency group="0"/></dependencies>
        </group>
      </groups>
    </testset>
  </judging>
  <files><executables><executable><source path="files/gen.cpp" type="cpp.g++17"/></executable></executables></files>
  <assets>
    <checker name="std::ncmp.cpp" type="testlib"><source path="files/check.cpp" type="cpp.g++17"/></checker>
    <solutions>
      <solution tag="main"><source path="solutions/main.cpp" type="cpp.g++17"/></solution>
      <solution tag="wrong-answer"><source path="solutions/wa.py" type="python.3"/></solution>
    </solutions>
  </assets>
</problem>"#;

    #[test]
    fn problem_xml_is_read_whole() {
        let s = parse(XML).unwrap();
        assert_eq!(s.short_name.as_deref(), Some("knight"));
        assert_eq!(s.input_file, None);
        assert_eq!(s.output_file.as_deref(), Some("knight.out"));
        assert_eq!(s.time_limit_ms, Some(2000));
        assert_eq!(s.memory_limit_bytes, Some(256 << 20));
        assert_eq!(s.tests.len(), 3, "the tests testset, not pretests");
        assert_eq!(s.tests[0].generated, None);
        assert!(s.tests[0].sample);
        assert_eq!(
            s.tests[2].generated,
            Some(Generated {
                cmd: "gen 8 2".into(),
                from_file: Some("2".into())
            })
        );
        assert_eq!(s.tests[2].points, Some(7.5));
        assert_eq!(s.groups[1].policy, Policy::Sum);
        assert_eq!(s.groups[1].depends, ["0"]);
        assert_eq!(s.checker.as_deref(), Some("files/check.cpp"));
        assert_eq!(s.executables, ["files/gen.cpp"]);
        assert_eq!(
            s.solutions[1],
            ("wrong-answer".into(), "solutions/wa.py".into())
        );
    }

    #[test]
    fn bad_problem_xml_is_named() {
        let e = parse(&XML.replace("<test-count>3", "<test-count>4"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("<test-count>4</test-count>"), "{e}");
        let e = parse(&XML.replace("each-test", "best-test"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("points-policy=\"best-test\""), "{e}");
        let e = parse(&XML.replace("output-file=\"knight.out\"", "output-file=\"../x\""))
            .unwrap_err()
            .to_string();
        assert!(e.contains("output-file=\"../x\""), "{e}");
        let e = parse(&XML.replace("points=\"7.5\"", "points=\"lots\""))
            .unwrap_err()
            .to_string();
        assert!(e.contains("<test> #3 points=\"lots\""), "{e}");
        assert!(parse("<contest/>")
            .unwrap_err()
            .to_string()
            .contains("<contest>"));
        // No DTD, so no entities to expand (a "billion laughs" is refused before it grows).
        let dtd =
            "<?xml version=\"1.0\"?><!DOCTYPE p [<!ENTITY a \"aaaa\">]><problem>&a;</problem>";
        assert!(parse(dtd).is_err());
    }

    #[test]
    fn groups_score_as_polygon_defines() {
        let s = parse(XML).unwrap();
        let names: Vec<String> = ["01", "02", "03"].map(String::from).to_vec();
        let Grading::Groups { groups, full } = grading(&s, &names).unwrap() else {
            panic!("points make a scored problem");
        };
        assert_eq!(groups.len(), 3);
        assert_eq!((groups[0].name.as_str(), groups[0].points), ("0", 0.0));
        assert_eq!(groups[0].policy, Policy::Min);
        // A group's own points win over its tests' sum (30).
        assert_eq!(
            (groups[1].points, groups[1].cases.clone()),
            (40.0, vec!["02".to_string()])
        );
        assert_eq!(groups[2].cases, ["03"]);
        assert_eq!(groups[2].policy, Policy::Sum);
        assert_eq!(full, 47.5);
        let plain = XML
            .replace(" points=\"0\"", "")
            .replace(" points=\"30\"", "")
            .replace(" points=\"7.5\"", "")
            .replace(" points=\"40\"", "");
        assert!(matches!(
            grading(&parse(&plain).unwrap(), &names).unwrap(),
            Grading::PassFail
        ));
        let bad = XML.replace("dependency group=\"0\"", "dependency group=\"9\"");
        assert!(grading(&parse(&bad).unwrap(), &names)
            .unwrap_err()
            .to_string()
            .contains("\"9\""));
    }

    #[test]
    fn tags_allow_what_polygon_allows() {
        let r = rule("wrong-answer").unwrap();
        assert_eq!((r.permitted, r.required), (vec!["AC", "WA"], vec!["WA"]));
        let r = rule("time-limit-exceeded-or-accepted").unwrap();
        assert!(r.required.is_empty());
        let r = rule("time-limit-exceeded-or-memory-limit-exceeded").unwrap();
        assert_eq!(r.required, ["TLE", "MLE"]);
        let r = rule("rejected").unwrap();
        assert!(r.permitted.is_empty() && r.required.contains(&"RE"));
        assert!(matches!(rule("main").unwrap().score, ScoreRule::Full));
        assert!(rule("failed").is_none());
        assert!(skip_reason("failed").contains("checker fail"));
    }
}
