//! `--verify PACKAGE`: the problem setter's check, as problemtools' `verifyproblem` and
//! Library Checker's `[[solutions]]` do it. Every submission the package lists is built (see
//! `compile.rs`) and judged on every case, and one line says whether it got the verdict its
//! place promises, with the case that decided it.
//!
//! What a place promises (the format's default table; legacy where it differs):
//! `accepted` AC everywhere; `wrong_answer` AC or WA, at least one WA; `time_limit_exceeded`
//! AC or TLE (legacy: or WA), at least one TLE; `run_time_error` AC or RTE (legacy: anything),
//! at least one RTE; `rejected` at least one WA, TLE or RTE; `brute_force` AC, TLE or RTE, at
//! least one TLE or RTE; legacy `partially_accepted` an accepted verdict with a score below
//! the maximum. Kattis' verdicts are used: a memory or output overrun is a run-time error,
//! a presentation error a wrong answer. Library Checker: `sol/correct.cpp` must be AC, and
//! each `[[solutions]]` entry must show its `expect` verdict and nothing but AC, `expect` and
//! what its `allow_*` keys allow.
//!
//! The time limit: problem.yaml's (or `--time-limit-ms`), else derived from the accepted
//! submissions as the spec says (see [`crate::judge::kattis::Timing::derive`]): they are run first
//! with a generous limit, the slowest case's CPU time sets the limit, and their cases are then
//! re-judged against it.
//!
//! Nothing stops the run early: a submission on which the package itself fails the judge (a
//! validator that crashes) gets an `ERROR` line and the rest are still judged. `run` then
//! returns `Ok(true)` when every submission got its promise, `Ok(false)` when some did not,
//! and `Err` (exit 2) when the package failed on any.

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};

use crate::judge::cases::{Case, Expect};
use crate::judge::kattis::{self, CaseResult};
use crate::judge::layout::Package;
use crate::judge::problem::Problem;
use crate::judge::verdict::{Outcome, Verdict};
use crate::modes::args::{Dirs, Options};
use crate::modes::case::{self, Target};
use crate::modes::test;
use crate::run::compile::{self, BuildError};
use crate::run::program::Program;
use crate::run::sandbox::Limits;
use crate::say;
use crate::text::{mib, short};

/// The generous limit accepted submissions run under while the time limit is derived.
const DERIVING_MS: u64 = 10_000;

/// Kattis' name of a verdict: memory and output overruns are run-time errors.
pub fn kattis_verdict(v: Verdict) -> &'static str {
    match v {
        Verdict::Ac => "AC",
        Verdict::Wa | Verdict::Pe | Verdict::Pts => "WA",
        Verdict::Tle => "TLE",
        Verdict::Re | Verdict::Mle | Verdict::Ole => "RTE",
    }
}

/// Library Checker's name of a verdict.
fn lc_verdict(v: Verdict) -> &'static str {
    match kattis_verdict(v) {
        "RTE" => "RE",
        other => other,
    }
}

/// `score: 50 of 100 (sample 0, secret/subtask1 50, secret/subtask2 0)`.
pub fn score_line(k: &kattis::Package, results: &HashMap<String, CaseResult>) -> String {
    let total = grade(k, results);
    let mut parts = Vec::new();
    if let Some(secret) = k.data.find("secret") {
        for item in &secret.items {
            if let kattis::Item::Group(g) = item {
                let s = if k.version.legacy_grading() {
                    kattis::grade_legacy(g, results).score
                } else {
                    let sub = kattis::Group {
                        name: String::new(),
                        config: kattis::Config::default(),
                        declared: false,
                        items: vec![kattis::Item::Group(Box::new(kattis::Group {
                            name: "secret".into(),
                            config: kattis::Config {
                                max_score: g.config.max_score,
                                aggregation: Some("sum".into()),
                                ..kattis::Config::default()
                            },
                            declared: false,
                            items: vec![kattis::Item::Group(g.clone())],
                        }))],
                    };
                    kattis::grade_2025(&sub, results).score
                };
                parts.push(format!("{} {}", g.name, num(s)));
            }
        }
    }
    let max = max_score(k);
    format!(
        "score: {}{} ({}){}",
        num(total.score),
        max.map(|m| format!(" of {}", num(m))).unwrap_or_default(),
        total.verdict,
        if parts.is_empty() {
            String::new()
        } else {
            format!(": {}", parts.join(", "))
        }
    )
}

fn num(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else {
        format!("{x:.3}")
    }
}

/// The package's score and verdict for these results.
fn grade(k: &kattis::Package, results: &HashMap<String, CaseResult>) -> kattis::Graded {
    if k.version.legacy_grading() {
        kattis::grade_legacy(&k.data, results)
    } else {
        kattis::grade_2025(&k.data, results)
    }
}

/// The most a submission can score: the root's range (legacy), `secret`'s `max_score`.
fn max_score(k: &kattis::Package) -> Option<f64> {
    let m = if k.version.legacy_grading() {
        k.data.config.range.1
    } else {
        k.data
            .find("secret")
            .and_then(|s| s.config.max_score)
            .unwrap_or(100.0)
    };
    m.is_finite().then_some(m)
}

/// The package's cases as the judge runs them (problem number `problem`).
pub fn cases_of(p: &Package, problem: usize) -> Vec<Case> {
    p.cases
        .iter()
        .map(|f| Case {
            problem,
            name: f.name.clone(),
            input: f.input.clone(),
            args: Vec::new(),
            expect: Expect::Output(f.answer.clone()),
            checker_args: f.validator_args.clone(),
            held: Vec::new(),
        })
        .collect()
}

/// What a place in `submissions/` promises.
#[derive(Clone, Debug)]
struct Rule {
    /// How the line shows it (`WA`, `TLE`, `PAC`...).
    label: String,
    permitted: Vec<&'static str>,
    required: Vec<&'static str>,
    /// Scoring: the overall verdict is AC and the score is below the maximum.
    partial: bool,
}

fn rule(dir: &str, legacy: bool, lc: bool) -> Option<Rule> {
    let r = |label: &str, permitted: &[&'static str], required: &[&'static str]| Rule {
        label: label.to_string(),
        permitted: permitted.to_vec(),
        required: required.to_vec(),
        partial: false,
    };
    let all = ["AC", "WA", "TLE", "RTE"];
    Some(match dir {
        "accepted" => r("AC", &["AC"], &[]),
        "wrong_answer" => r("WA", &["AC", "WA"], &["WA"]),
        "time_limit_exceeded" if legacy => r("TLE", &["AC", "WA", "TLE"], &["TLE"]),
        "time_limit_exceeded" => r("TLE", &["AC", "TLE"], &["TLE"]),
        "run_time_error" if legacy => r("RTE", &all, &["RTE"]),
        "run_time_error" => r("RTE", &["AC", "RTE"], &["RTE"]),
        "rejected" if !legacy => r("rejected (WA, TLE or RTE)", &all, &["WA", "TLE", "RTE"]),
        "brute_force" if !legacy => r(
            "brute force (TLE or RTE, never WA)",
            &["AC", "TLE", "RTE"],
            &["TLE", "RTE"],
        ),
        // Legacy's place for scoring problems; kept for later versions too, where
        // problemtools' own 2023-07 example (oddecho) still uses it.
        "partially_accepted" => Rule {
            label: "AC with a partial score".to_string(),
            permitted: all.to_vec(),
            required: vec![],
            partial: true,
        },
        _ => {
            let _ = lc;
            return None;
        }
    })
}

/// One submission to judge.
struct Submission {
    /// `accepted/hello.cc`, or Library Checker's `sol/naive.cpp`.
    shown: String,
    path: PathBuf,
    rule: Rule,
    /// Library Checker's verdict names (RE rather than RTE).
    lc: bool,
    /// submissions.yaml's rules that also apply.
    extra: Vec<kattis::Expectation>,
    /// The submissions.yaml key that replaced the place's own promise, if one did.
    promised_by: Option<String>,
}

/// Whether `name` in a submissions place is a submission: not a hidden file (`.gitkeep`),
/// nor a header or a note beside the programs.
fn is_submission(name: &str) -> bool {
    !name.starts_with('.') && !kattis::beside_a_program(name)
}

/// Everything needed to judge submissions on one package.
struct Bench<'a> {
    problem: Problem,
    package: &'a Package,
    o: &'a Options,
    dirs: Dirs,
    build: PathBuf,
    out: PathBuf,
}

/// A submission's cases, judged.
struct Runs {
    outcomes: Vec<(String, Outcome)>,
    /// The case where the package failed the judge (a validator that crashed or gave an
    /// exit code outside its convention, a checker that could not run), and why; the
    /// submission's later cases are not judged.
    error: Option<(String, String)>,
}

/// How the submissions fared.
#[derive(Default)]
struct Tally {
    passed: usize,
    failed: usize,
    skipped: usize,
    /// Submissions whose judging the package itself broke.
    broken: usize,
}

impl Tally {
    /// Prints `s`'s line and counts it.
    fn report(&mut self, s: &Submission, runs: &Runs, k: Option<&kattis::Package>) {
        if let Some((case, why)) = &runs.error {
            say!("ERROR {:<40} the package failed on {case}: {why}", s.shown);
            self.broken += 1;
            return;
        }
        let (ok, text) = decide(s, runs, k);
        say!(
            "{}  {:<40} {text}",
            if ok { "OK  " } else { "FAIL" },
            s.shown
        );
        if ok {
            self.passed += 1;
        } else {
            self.failed += 1;
        }
    }
}

impl Bench<'_> {
    fn judge(&self, program: Program, limits: Limits, shown: &str) -> Result<Runs, String> {
        let out_dir = self.out.join(shown.replace('/', "__"));
        let _ = fs::remove_dir_all(&out_dir);
        fs::create_dir_all(&out_dir).map_err(|e| format!("{}: {e}", out_dir.display()))?;
        let target = Target {
            program,
            limits,
            checker: test::checker(&self.problem, self.o, &self.dirs)?,
            comparison: test::comparison(&self.problem, self.o),
            interactor: test::interactor(&self.problem, self.o, &self.dirs)?,
            diff: self.o.verdicts.diff,
            out_dir,
            show: crate::show::explain::Show::new(&self.problem.name, false, None),
            files: Default::default(),
        };
        let mut outcomes = Vec::new();
        let mut cases = cases_of(self.package, 0);
        let _held = crate::judge::cases::hold(&mut cases)?;
        for case in cases {
            match case::judge_case(&case, &target) {
                Ok(o) => outcomes.push((case.name, o)),
                Err(why) => {
                    return Ok(Runs {
                        outcomes,
                        error: Some((case.name, why)),
                    })
                }
            }
        }
        Ok(Runs {
            outcomes,
            error: None,
        })
    }
}

/// Rejudges `runs` against a time limit found after they ran: a case over it is TLE.
fn with_limit(runs: &mut Runs, limit_ms: u64) {
    for (_, o) in &mut runs.outcomes {
        if o.verdict == Verdict::Ac && o.cpu_ms > limit_ms {
            o.verdict = Verdict::Tle;
        }
    }
}

/// Builds submission `s` of `package` as the package's tool would (see [`prepare`]).
fn builds(s: &Submission, package: &Package, build: &Path) -> Result<Program, BuildError> {
    let path = prepare(s, package, build).map_err(BuildError::Failed)?;
    compile::build(&path, build)
}

/// The spec's codes for the languages built here (its appendix "Languages") with their file
/// endings: `include/<code>/` is looked up by them.
const LANGUAGE_CODES: [(&str, &[&str]); 5] = [
    ("c", &["c"]),
    ("cpp", &["cc", "cpp", "cxx", "c++", "C"]),
    ("python3", &["py", "py3"]),
    ("java", &["java"]),
    ("rust", &["rs"]),
];

/// The language code of a submission (a file, or a folder's first file with a known ending).
fn language_code(path: &Path) -> Option<&'static str> {
    let files: Vec<PathBuf> = if path.is_dir() {
        crate::judge::layout::file_names(path)
            .unwrap_or_default()
            .into_iter()
            .map(|n| path.join(n))
            .collect()
    } else {
        vec![path.to_path_buf()]
    };
    files.iter().find_map(|f| {
        let ext = f.extension()?.to_str()?;
        LANGUAGE_CODES
            .iter()
            .find(|(_, e)| e.contains(&ext))
            .map(|(code, _)| *code)
    })
}

/// A submission as the package's tool builds it (2025-09): `include/default/` and
/// `include/<language>/` copied beside it, and problem.yaml's `{{constants}}` substituted in
/// its text files; the submission itself where the package has neither. Python and Rust run
/// the submission's own file, its included modules beside it; C, C++ and Java build the
/// folder as one program (a grader in `include/cpp/` linked with the submission).
fn prepare(s: &Submission, package: &Package, build: &Path) -> Result<PathBuf, String> {
    let Some(k) = &package.kattis else {
        return Ok(s.path.clone());
    };
    let include = package.root.join("include");
    let code = language_code(&s.path);
    let dirs: Vec<PathBuf> = [Some("default"), code]
        .into_iter()
        .flatten()
        .map(|d| include.join(d))
        .filter(|d| d.is_dir())
        .collect();
    if dirs.is_empty() && k.constants.is_empty() {
        return Ok(s.path.clone());
    }
    let stage = build.join("staged").join(s.shown.replace('/', "__"));
    let _ = fs::remove_dir_all(&stage);
    for d in &dirs {
        kattis::stage_tree(d, &stage, &k.constants)?;
    }
    if s.path.is_dir() {
        kattis::stage_tree(&s.path, &stage, &k.constants)?;
        return Ok(stage);
    }
    let name = s.path.file_name().unwrap_or_default();
    fs::create_dir_all(&stage).map_err(|e| format!("{}: {e}", stage.display()))?;
    kattis::stage_file(&s.path, &stage.join(name), &k.constants)?;
    Ok(match code {
        Some("python3" | "rust") => stage.join(name),
        _ => stage,
    })
}

/// The accepted submissions of a Kattis package, and the time limit their slowest case
/// gives; `(ms, how it was found)`. For `--tests` on a package with no `time_limit`.
pub fn derive_time_limit(
    package: &Package,
    k: &kattis::Package,
    o: &Options,
    dirs: &Dirs,
) -> Result<(u64, String), String> {
    let subs = kattis_submissions(package, k);
    let bench = bench(package, o, dirs)?;
    let accepted: Vec<&Submission> = subs.iter().filter(|s| s.rule.label == "AC").collect();
    let mut slowest: Option<(u64, String)> = None;
    for s in accepted {
        let Ok(program) = builds(s, package, &bench.build) else {
            continue;
        };
        let runs = bench.judge(program, deriving_limits(&bench, o), &s.shown)?;
        for (_, out) in &runs.outcomes {
            if slowest.as_ref().is_none_or(|(ms, _)| out.cpu_ms > *ms) {
                slowest = Some((out.cpu_ms, s.shown.clone()));
            }
        }
    }
    let Some((ms, by)) = slowest else {
        return Err(format!(
            "{}: problem.yaml has no time_limit and no accepted submission could be built to \
             derive it: give --time-limit-ms",
            package.root.display()
        ));
    };
    let secs = k.timing.derive(ms as f64 / 1000.0);
    Ok((
        (secs * 1000.0).round() as u64,
        format!(
            "time limit {} s derived: slowest accepted {} ms ({by}) x {}",
            num(secs),
            ms,
            num(k.timing.ac_to_time_limit)
        ),
    ))
}

fn deriving_limits(bench: &Bench<'_>, o: &Options) -> Limits {
    let mut l = test::limits(&bench.problem, o);
    l.time_ms = DERIVING_MS;
    l
}

fn bench<'a>(package: &'a Package, o: &'a Options, dirs: &Dirs) -> Result<Bench<'a>, String> {
    let problem = Problem {
        name: package.name.clone(),
        info: package.info.clone(),
        info_path: package.info_path.clone(),
        tests_dir: package.root.clone(),
        invalid_dir: None,
        layout: Some(std::sync::Arc::new(Package {
            kind: package.kind.clone(),
            name: package.name.clone(),
            root: package.root.clone(),
            info: package.info.clone(),
            info_path: package.info_path.clone(),
            cases: package.cases.clone(),
            warnings: vec![],
            kattis: package.kattis.clone(),
            library_checker: package.library_checker.clone(),
        })),
    };
    let out = dirs.out.join("verify").join(&package.name);
    Ok(Bench {
        problem,
        package,
        o,
        dirs: dirs.clone(),
        build: crate::judge::validator::build_dir(&dirs.out),
        out,
    })
}

/// The places under `submissions/` that promise nothing known (`slow_accepted`), with why
/// they are not run.
fn unknown_places(
    package: &Package,
    k: &kattis::Package,
    rules: &[kattis::Expectation],
) -> Vec<String> {
    let legacy = k.version == kattis::Version::Legacy;
    crate::judge::layout::file_names(&package.root.join("submissions"))
        .unwrap_or_default()
        .into_iter()
        .filter(|d| package.root.join("submissions").join(d).is_dir())
        .filter(|d| rule(d, legacy, false).is_none())
        .filter(|d| {
            !rules
                .iter()
                .any(|r| r.key.starts_with(&format!("{d}/")) || kattis::glob_covers(&r.key, d))
        })
        .map(|d| {
            format!(
                "submissions/{d}/: not a place the {} format defines, nor one submissions.yaml \
                 names: not run",
                k.version.name()
            )
        })
        .collect()
}

/// The submissions of a Kattis package: each file or folder in a known `submissions/` place.
fn kattis_submissions(package: &Package, k: &kattis::Package) -> Vec<Submission> {
    let legacy = k.version == kattis::Version::Legacy;
    let dirs = [
        "accepted",
        "partially_accepted",
        "wrong_answer",
        "time_limit_exceeded",
        "run_time_error",
        "rejected",
        "brute_force",
    ];
    let mut v = Vec::new();
    for d in dirs {
        let Some(rule) = rule(d, legacy, false) else {
            continue;
        };
        let folder = package.root.join("submissions").join(d);
        for name in crate::judge::layout::file_names(&folder).unwrap_or_default() {
            if !is_submission(&name) {
                continue;
            }
            v.push(Submission {
                shown: format!("{d}/{name}"),
                path: folder.join(&name),
                rule: rule.clone(),
                lc: false,
                extra: vec![],
                promised_by: None,
            });
        }
    }
    v
}

/// The Kattis submissions with submissions.yaml applied: a key naming a default place
/// replaces that place's `permitted`/`required`; any other key adds its rule to the
/// submissions it covers, and brings in the places it names beyond the defaults.
fn kattis_submissions_with_yaml(
    package: &Package,
    k: &kattis::Package,
    rules: &[kattis::Expectation],
) -> Vec<Submission> {
    let legacy = k.version == kattis::Version::Legacy;
    let mut v = kattis_submissions(package, k);
    let root = package.root.join("submissions");
    for d in crate::judge::layout::file_names(&root).unwrap_or_default() {
        if !root.join(&d).is_dir() || rule(&d, legacy, false).is_some() {
            continue;
        }
        for name in crate::judge::layout::file_names(&root.join(&d)).unwrap_or_default() {
            if !is_submission(&name) {
                continue;
            }
            let shown = format!("{d}/{name}");
            if rules.iter().any(|r| kattis::glob_covers(&r.key, &shown)) {
                v.push(Submission {
                    shown,
                    path: root.join(&d).join(&name),
                    rule: Rule {
                        label: "as submissions.yaml says".to_string(),
                        permitted: vec!["AC", "WA", "TLE", "RTE"],
                        required: vec![],
                        partial: false,
                    },
                    lc: false,
                    extra: vec![],
                    promised_by: None,
                });
            }
        }
    }
    let verdict = |x: &str| -> &'static str {
        match x {
            "WA" => "WA",
            "TLE" => "TLE",
            "RTE" => "RTE",
            _ => "AC",
        }
    };
    for s in &mut v {
        let place = s.shown.split('/').next().unwrap_or("").to_string();
        for r in rules {
            if r.key == place && r.cases.is_none() && rule(&place, legacy, false).is_some() {
                if let Some(p) = &r.permitted {
                    s.rule.permitted = p.iter().map(|x| verdict(x)).collect();
                    s.promised_by = Some(r.key.clone());
                }
                if let Some(q) = &r.required {
                    s.rule.required = q.iter().map(|x| verdict(x)).collect();
                    s.promised_by = Some(r.key.clone());
                }
                if r.score.is_some() || r.message.is_some() {
                    s.extra.push(kattis::Expectation {
                        permitted: None,
                        required: None,
                        ..r.clone()
                    });
                }
            } else if kattis::glob_covers(&r.key, &s.shown) {
                s.extra.push(r.clone());
            }
        }
    }
    v
}

/// The first way `runs` break the submissions.yaml rule `e`, if any.
fn breaks(e: &kattis::Expectation, runs: &Runs, score: Option<f64>) -> Option<String> {
    let in_scope: Vec<&(String, Outcome)> = runs
        .outcomes
        .iter()
        .filter(|(c, _)| e.cases.as_ref().is_none_or(|g| kattis::glob_covers(g, c)))
        .collect();
    let at = match &e.cases {
        Some(g) => format!("submissions.yaml `{}` on {g}", e.key),
        None => format!("submissions.yaml `{}`", e.key),
    };
    if let Some(p) = &e.permitted {
        if let Some((c, o)) = in_scope
            .iter()
            .find(|(_, o)| !p.iter().any(|x| x == kattis_verdict(o.verdict)))
        {
            return Some(format!(
                "{at}: {} on {c} is not permitted ({})",
                kattis_verdict(o.verdict),
                p.join(", ")
            ));
        }
    }
    if let Some(q) = &e.required {
        if !in_scope
            .iter()
            .any(|(_, o)| q.iter().any(|x| x == kattis_verdict(o.verdict)))
        {
            return Some(format!("{at}: no case got {}", q.join(" or ")));
        }
    }
    if let (Some((lo, hi)), None, Some(s)) = (e.score, &e.cases, score) {
        if s < lo - 1e-9 || s > hi + 1e-9 {
            return Some(format!(
                "{at}: score {} outside [{}, {}]",
                num(s),
                num(lo),
                num(hi)
            ));
        }
    }
    if let Some(m) = &e.message {
        let said = in_scope
            .iter()
            .any(|(_, o)| o.detail.iter().any(|l| l.contains(m.as_str())));
        if !said {
            return Some(format!("{at}: no judge message contains `{m}`"));
        }
    }
    None
}

fn lc_submissions(package: &Package) -> Vec<(Submission, Option<String>)> {
    let Some(lc) = &package.library_checker else {
        return vec![];
    };
    lc.solutions
        .iter()
        .map(|s| {
            let mut permitted: Vec<&'static str> = vec!["AC"];
            let name = |v: &str| -> &'static str {
                match v {
                    "WA" => "WA",
                    "RE" => "RE",
                    "TLE" => "TLE",
                    _ => "AC",
                }
            };
            permitted.push(name(&s.expect));
            permitted.extend(s.allow.iter().map(|a| name(a)));
            let required = if s.expect == "AC" {
                vec![]
            } else {
                vec![name(&s.expect)]
            };
            let label = if s.allow.is_empty() {
                s.expect.clone()
            } else {
                format!("{} (allowed: {})", s.expect, s.allow.join(", "))
            };
            let skip = s.function.then(|| {
                "a function for the problem's grader (function = true), not a program: not run"
                    .to_string()
            });
            (
                Submission {
                    shown: format!(
                        "sol/{}",
                        s.path
                            .file_name()
                            .map(|n| n.to_string_lossy())
                            .unwrap_or_default()
                    ),
                    path: s.path.clone(),
                    rule: Rule {
                        label,
                        permitted,
                        required,
                        partial: false,
                    },
                    lc: true,
                    extra: vec![],
                    promised_by: None,
                },
                skip,
            )
        })
        .collect()
}

/// What a submission got, against its rule: the line's verdict text and whether it passes.
fn decide(s: &Submission, runs: &Runs, k: Option<&kattis::Package>) -> (bool, String) {
    let name = |v: Verdict| {
        if s.lc {
            lc_verdict(v)
        } else {
            kattis_verdict(v)
        }
    };
    // The format's name, and ours beside it where it says more (`RTE (MLE)`).
    let shown = |v: Verdict| {
        let theirs = name(v);
        match v {
            Verdict::Mle | Verdict::Ole | Verdict::Pe | Verdict::Pts => {
                format!("{theirs} ({})", v.name())
            }
            _ => theirs.to_string(),
        }
    };
    let first_bad = runs
        .outcomes
        .iter()
        .find(|(_, o)| o.verdict != Verdict::Ac)
        .map(|(c, o)| (c.clone(), shown(o.verdict)));
    let not_permitted = runs
        .outcomes
        .iter()
        .find(|(_, o)| !s.rule.permitted.contains(&name(o.verdict)))
        .map(|(c, o)| (c.clone(), shown(o.verdict)));
    let required_seen = s.rule.required.is_empty()
        || runs
            .outcomes
            .iter()
            .any(|(_, o)| s.rule.required.contains(&name(o.verdict)));
    let max_cpu = runs
        .outcomes
        .iter()
        .map(|(_, o)| o.cpu_ms)
        .max()
        .unwrap_or(0);
    let max_kib = runs
        .outcomes
        .iter()
        .map(|(_, o)| o.peak_kib)
        .max()
        .unwrap_or(0);
    let cost = format!(
        "{} cases, max {max_cpu} ms cpu, {}",
        runs.outcomes.len(),
        mib(max_kib)
    );
    let mut got = match &first_bad {
        None => "AC".to_string(),
        Some((c, v)) => format!("{v} on {c}"),
    };
    let mut ok = not_permitted.is_none() && required_seen;
    if let Some(k) = k.filter(|k| k.scoring) {
        let results: HashMap<String, CaseResult> = runs
            .outcomes
            .iter()
            .map(|(c, o)| {
                (
                    c.clone(),
                    CaseResult {
                        verdict: kattis_verdict(o.verdict),
                        score: o.score,
                    },
                )
            })
            .collect();
        let g = grade(k, &results);
        let max = max_score(k);
        got = format!(
            "{} with score {}{}",
            g.verdict,
            num(g.score),
            match &first_bad {
                Some((c, v)) => format!(" (first {v} on {c})"),
                None => String::new(),
            }
        );
        if s.rule.partial {
            ok = g.verdict == "AC" && max.is_none_or(|m| g.score < m);
        } else if s.rule.label == "AC" {
            ok = ok && g.verdict == "AC" && max.is_none_or(|m| g.score >= m);
        }
    }
    let mut why = match (&not_permitted, required_seen) {
        (Some((c, v)), _) if !ok => format!("; {v} on {c} is not allowed here"),
        (None, false) if !ok => format!("; no case got {}", s.rule.required.join(" or ")),
        _ => String::new(),
    };
    let score = k.filter(|k| k.scoring).map(|k| {
        let results: HashMap<String, CaseResult> = runs
            .outcomes
            .iter()
            .map(|(c, o)| {
                let r = CaseResult {
                    verdict: kattis_verdict(o.verdict),
                    score: o.score,
                };
                (c.clone(), r)
            })
            .collect();
        grade(k, &results).score
    });
    for e in &s.extra {
        if let Some(broken) = breaks(e, runs, score) {
            ok = false;
            why.push_str(&format!("; {broken}"));
        }
    }
    let expected = match &s.promised_by {
        Some(key) => format!(
            "expected as submissions.yaml `{key}` says (permitted {}{})",
            s.rule.permitted.join(" "),
            if s.rule.required.is_empty() {
                String::new()
            } else {
                format!(", required {}", s.rule.required.join(" or "))
            }
        ),
        None => format!("expected {}", s.rule.label),
    };
    (ok, format!("{expected}, got {got}{why} ({cost})"))
}

/// `--verify PACKAGE`.
pub fn run(o: &Options, path: &Path) -> Result<bool, String> {
    let dirs = o.dirs();
    let package = crate::judge::layout::detect(path)?;
    for w in &package.warnings {
        eprintln!("judge: warning: {w}");
    }
    let (yaml_rules, yaml_warnings) = match &package.kattis {
        Some(_) => kattis::expectations(&package.root)?,
        None => (vec![], vec![]),
    };
    for w in &yaml_warnings {
        eprintln!("judge: warning: {w}");
    }
    let mut subs: Vec<(Submission, Option<String>)> =
        match (&package.kattis, &package.library_checker) {
            (Some(k), _) => kattis_submissions_with_yaml(&package, k, &yaml_rules)
                .into_iter()
                .map(|s| (s, None))
                .collect(),
            (None, Some(_)) => lc_submissions(&package),
            _ => {
                return Err(format!(
                    "--verify: {} is a {}, which lists no submissions (a Kattis package has \
                 submissions/, a Library Checker folder sol/ and [[solutions]] in info.toml)",
                    package.root.display(),
                    package.kind.describe()
                ))
            }
        };
    if subs.is_empty() {
        return Err(format!(
            "--verify: {}: no submissions found",
            package.root.display()
        ));
    }
    if let Some(k) = &package.kattis {
        for why in unknown_places(&package, k, &yaml_rules) {
            eprintln!("judge: warning: {why}");
        }
    }
    let bench = bench(&package, o, &dirs)?;
    let _ = fs::remove_dir_all(&bench.out);
    // Accepted first: they may set the time limit the others are judged by.
    subs.sort_by_key(|(s, _)| s.rule.label != "AC");
    let k = package.kattis.as_ref();
    let fixed = o.run.time_limit_ms.or(package.info.time_limit_ms);
    let mut limits = test::limits(&bench.problem, o);
    let checker = test::checker(&bench.problem, o, &dirs)?;
    let how = match (&checker, test::interactor(&bench.problem, o, &dirs)?) {
        (_, Some(i)) => short(&i.describe()),
        (Some(c), None) => format!("checker {}", short(&c.describe())),
        (None, None) => test::comparison(&bench.problem, o).describe(),
    };
    say!(
        "# verify {}{}: {} | {} cases | {} | memory {} MiB | time limit {}",
        package.name,
        k.map(|k| format!(" ({})", k.title))
            .filter(|t| t != " ()")
            .unwrap_or_default(),
        package.kind.describe(),
        package.cases.len(),
        how,
        limits.memory_kib / 1024,
        match fixed {
            Some(ms) => format!(
                "{ms} ms ({})",
                if o.run.time_limit_ms.is_some() {
                    "--time-limit-ms"
                } else {
                    "from the package"
                }
            ),
            None => "derived from the accepted submissions".to_string(),
        }
    );
    let mut tally = Tally::default();
    let mut slowest_ac: Option<(u64, String)> = None;
    let mut pending_ac: Vec<(usize, Runs)> = Vec::new();
    let deriving = fixed.is_none() && k.is_some();
    if let Some(ms) = fixed {
        limits.time_ms = ms;
    }
    let mut limit_said = false;
    for (i, (s, skip)) in subs.iter().enumerate() {
        if let Some(why) = skip {
            say!("SKIP  {:<40} {why}", s.shown);
            tally.skipped += 1;
            continue;
        }
        let program = match builds(s, &package, &bench.build) {
            Ok(p) => p,
            Err(BuildError::Unsupported(why)) => {
                say!("SKIP  {:<40} {why}", s.shown);
                tally.skipped += 1;
                continue;
            }
            Err(BuildError::Failed(why)) => {
                say!(
                    "FAIL  {:<40} expected {}, got a compile error: {why}",
                    s.shown,
                    s.rule.label
                );
                tally.failed += 1;
                continue;
            }
        };
        let is_ac = s.rule.label == "AC";
        if deriving && is_ac {
            let mut l = limits;
            l.time_ms = DERIVING_MS;
            let runs = bench.judge(program, l, &s.shown)?;
            for (_, out) in &runs.outcomes {
                if out.verdict == Verdict::Ac
                    && slowest_ac.as_ref().is_none_or(|(ms, _)| out.cpu_ms > *ms)
                {
                    slowest_ac = Some((out.cpu_ms, s.shown.clone()));
                }
            }
            pending_ac.push((i, runs));
            continue;
        }
        if deriving && !limit_said {
            settle(
                &mut limits,
                &slowest_ac,
                k,
                &mut pending_ac,
                &subs,
                &mut tally,
            );
            limit_said = true;
        }
        let runs = bench.judge(program, limits, &s.shown)?;
        tally.report(s, &runs, k);
    }
    if deriving && !limit_said {
        settle(
            &mut limits,
            &slowest_ac,
            k,
            &mut pending_ac,
            &subs,
            &mut tally,
        );
    }
    say!(
        "failing cases of each submission: {}/",
        short(&bench.out.display().to_string())
    );
    say!(
        "{} passed, {} failed, {} skipped{}",
        tally.passed,
        tally.failed,
        tally.skipped,
        match tally.broken {
            0 => String::new(),
            n => format!(", {n} not judged: the package failed"),
        }
    );
    if tally.broken > 0 {
        return Err(format!(
            "--verify: {}: the package itself failed the judge for {} submission{} (the \
             ERROR lines above): fix the package's validator or checker",
            package.root.display(),
            tally.broken,
            if tally.broken == 1 { "" } else { "s" }
        ));
    }
    Ok(tally.failed == 0)
}

/// Sets the derived time limit from the slowest accepted case and prints the accepted
/// submissions' lines, judged against it.
fn settle(
    limits: &mut Limits,
    slowest: &Option<(u64, String)>,
    k: Option<&kattis::Package>,
    pending: &mut Vec<(usize, Runs)>,
    subs: &[(Submission, Option<String>)],
    tally: &mut Tally,
) {
    if let (Some((ms, by)), Some(k)) = (slowest, k) {
        let secs = k.timing.derive(*ms as f64 / 1000.0);
        limits.time_ms = (secs * 1000.0).round() as u64;
        say!(
            "time limit {} s: slowest accepted case {ms} ms ({by}) x {} (ac_to_time_limit), rounded up to a multiple of {} s",
            num(secs),
            num(k.timing.ac_to_time_limit),
            num(k.timing.time_resolution)
        );
    } else {
        say!(
            "time limit: no accepted submission ran; the others keep the {} ms limit",
            limits.time_ms
        );
    }
    for (i, mut runs) in pending.drain(..) {
        with_limit(&mut runs, limits.time_ms);
        tally.report(&subs[i].0, &runs, k);
    }
}
