//! The one description of a problem that every format reads into: its cases (with groups and
//! points), its limits and where they came from, how an output is judged (a checker and its
//! protocol, an interactor, a comparison), what is compiled with every submission, how a
//! score is made of the cases' verdicts, and the submissions a package ships with what each
//! must get. The judge, `verify`, `stress` and the reports read only this; a format's reader
//! (one file beside this one) fills it.
//!
//! What a reader knows beyond the model (Kattis' group tree and its two grading rules) stays
//! in the reader's own type, which the model asks for a score through [`Grades`]; the model
//! names no reader. Cost: grading is a pass over the outcomes per group.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;

use crate::judge::check::{Check, Protocol};
use crate::judge::format::info::Info;
use crate::judge::verdict::{Outcome, Verdict};

/// The formats the judge reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `NAME.in` + `NAME.out` (or `.ans`) side by side.
    Flat,
    /// `in/` + `out/`; `library_checker` when an `info.toml` with `timelimit` or a checker
    /// is there too.
    InOut { library_checker: bool },
    /// A Kattis/ICPC problem package, in the named version of the format (`legacy`,
    /// `2023-07-draft`, `2025-09`).
    Kattis(&'static str),
    /// A Codeforces Polygon package (`problem.xml`).
    Polygon,
    /// A CMS task as TPS and IOI export it (`problem.json`, `subtasks/`).
    Cms,
    /// An Italian olympiad task (`task.yaml`, `input/`, `output/`).
    ItalyYaml,
    /// A DMOJ problem (`init.yml`).
    Dmoj,
    /// One of our own problems (`problems/<name>/`: `info.toml`, `tests/`, `invalid/`).
    Ours,
}

impl Kind {
    /// The judge this format is made for, whose builds its programs get (see `run/lang.rs`).
    pub fn judge(&self) -> crate::run::lang::Judge {
        use crate::run::lang::Judge;
        match self {
            Kind::Kattis(_) => Judge::Kattis,
            Kind::Polygon => Judge::Codeforces,
            Kind::Cms | Kind::ItalyYaml => Judge::Cms,
            Kind::Dmoj => Judge::Dmoj,
            Kind::Flat | Kind::InOut { .. } | Kind::Ours => Judge::Ours,
        }
    }

    pub fn describe(&self) -> String {
        match self {
            Kind::Flat => "folder of NAME.in + NAME.out".to_string(),
            Kind::InOut {
                library_checker: true,
            } => "Library Checker folder (in/, out/, info.toml; the site's unlimited stack: as \
                  large as memory)"
                .to_string(),
            Kind::InOut {
                library_checker: false,
            } => "in/ + out/ folder".to_string(),
            Kind::Kattis(version) => format!("Kattis package, format {version}"),
            Kind::Polygon => "Polygon package (problem.xml)".to_string(),
            Kind::Cms => "CMS task (problem.json)".to_string(),
            Kind::ItalyYaml => "italy_yaml task (task.yaml)".to_string(),
            Kind::Dmoj => "DMOJ problem (init.yml)".to_string(),
            Kind::Ours => "our problem folder (info.toml, tests/, invalid/)".to_string(),
        }
    }
}

/// One case found: its name (relative to the package, `secret/group1/01` in a Kattis
/// package), its input and answer, the arguments its group gives the checker, the group
/// and points a scored format gives it, and for our own problems the program's extra
/// arguments and the error it must refuse the input with.
#[derive(Clone, Debug)]
pub struct Found {
    pub name: String,
    pub input: PathBuf,
    pub answer: PathBuf,
    pub validator_args: Vec<String>,
    /// The group (subtask, batch) it belongs to, if the format has groups.
    pub group: Option<String>,
    /// Its own points, where the format scores case by case ([`Policy::Sum`]).
    pub points: Option<f64>,
    /// Arguments added to the program's command line for this case (our `NAME.args`).
    pub args: Vec<String>,
    /// An input the program must refuse (our `invalid/NAME.in`): it must end with exit code
    /// 1 and a stderr line holding this fragment (`NAME.err`); `answer` is then what its
    /// stdout must be (`NAME.out`, or `/dev/null`: nothing).
    pub refusal: Option<String>,
}

impl Found {
    /// A case with no group, points or checker arguments.
    pub fn new(name: String, input: PathBuf, answer: PathBuf) -> Found {
        Found {
            name,
            input,
            answer,
            validator_args: Vec::new(),
            group: None,
            points: None,
            args: Vec::new(),
            refusal: None,
        }
    }
}

/// A program the package brings (a checker, an interactor, a manager): its source (a file
/// or a folder of one program), how it is called and how it is built.
#[derive(Clone, Debug)]
pub struct Tool {
    pub path: PathBuf,
    pub protocol: Protocol,
    pub build: Build,
}

/// How a [`Tool`] is built.
#[derive(Clone, Debug, PartialEq)]
pub enum Build {
    /// By its file ending (`run/compile/`); a folder is one program.
    Plain,
    /// `g++ -std=c++17` with the `testlib.h` found beside it or in a folder above it.
    Testlib,
    /// Kattis' `{{constants}}` substituted in its sources first.
    Kattis(Vec<(String, String)>),
    /// By its file ending, these words added to its compiler's command (a DMOJ bridged
    /// checker's `flags`, such as `-DFLAG`, which its source may need to build at all).
    Flags(Vec<String>),
}

/// How the cases' verdicts make a score.
#[derive(Clone, Debug, Default)]
pub enum Grading {
    /// No score: every case must be accepted.
    #[default]
    PassFail,
    /// A format's own rules (Kattis' group tree, legacy or 2025-09).
    Own(Arc<dyn Grades>),
    /// Scored groups (Polygon's groups, CMS subtasks, DMOJ batches); `full` is the most a
    /// submission can get.
    Groups { groups: Vec<ScoredGroup>, full: f64 },
}

impl Grading {
    /// CMS's Sum: `total` spread evenly over `cases` (their points set), in one group `all`.
    pub fn spread(total: f64, cases: &mut [Found]) -> Grading {
        let each = total / cases.len().max(1) as f64;
        for c in cases.iter_mut() {
            c.points = Some(each);
        }
        let all = ScoredGroup {
            name: "all".to_string(),
            points: total,
            policy: Policy::Sum,
            cases: cases.iter().map(|c| c.name.clone()).collect(),
            depends: Vec::new(),
        };
        Grading::Groups {
            groups: vec![all],
            full: total,
        }
    }
}

/// A group whose cases earn its points together.
#[derive(Clone, Debug)]
pub struct ScoredGroup {
    pub name: String,
    pub points: f64,
    pub policy: Policy,
    /// The [`Found::name`] of each of its cases.
    pub cases: Vec<String>,
    /// Groups that must score in full before this one scores at all.
    pub depends: Vec<String>,
}

/// How a group's cases make its score, from each case's fraction (1 for AC, 0 for any other
/// verdict, the checker's own [0, 1] where it gives one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Policy {
    /// The group's points times its least fraction (Polygon's complete-group, CMS's
    /// GroupMin, a DMOJ batch).
    Min,
    /// Each case's own [`Found::points`] times its fraction (Polygon's each-test, DMOJ's
    /// unbatched cases).
    Sum,
    /// The group's points times the product of its fractions (CMS's GroupMul).
    Mul,
}

/// A submission shipped with the package, and what it must get.
#[derive(Clone, Debug)]
pub struct Submission {
    /// How it is named in `verify`'s lines (`accepted/hello.cc`, `sol/naive.cpp`).
    pub shown: String,
    pub path: PathBuf,
    pub rule: Rule,
    /// The verdict names its rule and its line use.
    pub names: Names,
    /// Why it is not run (a function for a grader the format does not build), if it is not.
    pub skip: Option<String>,
    /// Why it is skipped if it does not build, rather than failed (a DMOJ Python 2
    /// submission, tried as Python 3).
    pub skip_unless_built: Option<String>,
    /// Rules on some of its cases that also apply (Kattis' submissions.yaml).
    pub extra: Vec<Expectation>,
    /// The submissions.yaml key that replaced the place's own promise, if one did.
    pub promised_by: Option<String>,
    /// The file a folder submission starts from, where the package names one.
    pub entrypoint: Option<String>,
    /// Its path is a folder of outputs handed in (an output-only task's "solution"), not a
    /// program: each case's file is [`handed_in_name`] there.
    pub handed_in: bool,
}

impl Submission {
    /// A submission with `rule` and nothing else of its own (no skip, no Kattis extras).
    pub fn new(shown: String, path: PathBuf, rule: Rule, names: Names) -> Submission {
        Submission {
            shown,
            path,
            rule,
            names,
            skip: None,
            skip_unless_built: None,
            extra: Vec::new(),
            promised_by: None,
            entrypoint: None,
            handed_in: false,
        }
    }
}

/// What a submission must get.
#[derive(Clone, Debug, PartialEq)]
pub struct Rule {
    /// How the line shows it (`AC`, `WA`, `TLE or AC`, `full score`...).
    pub label: String,
    /// The verdicts every case may get, in [`Submission::names`]; empty: any.
    pub permitted: Vec<&'static str>,
    /// At least one case must get one of these; empty: no such need.
    pub required: Vec<&'static str>,
    pub score: ScoreRule,
}

impl Rule {
    pub fn new(label: &str, permitted: &[&'static str], required: &[&'static str]) -> Rule {
        Rule {
            label: label.to_string(),
            permitted: permitted.to_vec(),
            required: required.to_vec(),
            score: ScoreRule::Any,
        }
    }

    /// Whether it promises every case accepted (such submissions may set a derived time
    /// limit, and are judged first).
    pub fn is_accepted(&self) -> bool {
        self.permitted == ["AC"] && self.required.is_empty()
    }
}

/// What a submission's score must be, where the package is scored.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ScoreRule {
    Any,
    /// The most the package gives.
    Full,
    /// Less than that (CMS's `incorrect`).
    BelowFull,
    /// Accepted overall, with a score below the most (Kattis' `partially_accepted`).
    Partial,
    /// Within `[lo, hi]`.
    Range(f64, f64),
}

/// The vocabulary of a format's verdicts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Names {
    /// AC, WA, TLE, RTE: memory and output overruns are run-time errors, a presentation
    /// error a wrong answer.
    Kattis,
    /// AC, WA, TLE, RE.
    LibraryChecker,
    /// The judge's own: AC, WA, PE, TLE, MLE, OLE, RE.
    Ours,
    /// DMOJ's: AC, WA, TLE, MLE, OLE, RTE (a presentation error is WA; partial points, a
    /// testlib bridge's, AC, as DMOJ passes them).
    Dmoj,
}

impl Names {
    pub fn of(self, v: Verdict) -> &'static str {
        let kattis = match v {
            Verdict::Ac => "AC",
            Verdict::Wa | Verdict::Pe | Verdict::Pts => "WA",
            Verdict::Tle => "TLE",
            Verdict::Re | Verdict::Mle | Verdict::Ole => "RTE",
            // Never in a package's expectations: only a case without an answer runs so.
            Verdict::Ran => "RAN",
        };
        match self {
            Names::Kattis => kattis,
            Names::LibraryChecker if kattis == "RTE" => "RE",
            Names::LibraryChecker => kattis,
            Names::Dmoj => match v {
                // Partial points come from a testlib bridge's exit 7, which DMOJ passes.
                Verdict::Pts => "AC",
                Verdict::Mle => "MLE",
                Verdict::Ole => "OLE",
                _ => kattis,
            },
            Names::Ours => match v {
                Verdict::Ac => "AC",
                Verdict::Wa => "WA",
                Verdict::Pe => "PE",
                Verdict::Pts => "PTS",
                Verdict::Tle => "TLE",
                Verdict::Mle => "MLE",
                Verdict::Ole => "OLE",
                Verdict::Re => "RE",
                Verdict::Ran => "RAN",
            },
        }
    }
}

/// A format's own way of scoring (see [`Grading::Own`]).
pub trait Grades: std::fmt::Debug + Send + Sync {
    /// Whether submissions get a score, not only a verdict.
    fn scored(&self) -> bool;
    /// The score of `outcomes` (case name, outcome), where there is one.
    fn grade(&self, outcomes: &[(String, Outcome)]) -> Option<Score>;
    /// Whether the format's judge, having judged `judged` (in order, every case it reached
    /// so far), goes on to judge `case`: `false` where a rejection stopped its group
    /// (Kattis' `on_reject: break`). Every case by default.
    fn reached(&self, _case: &str, _judged: &[(String, Outcome)]) -> bool {
        true
    }
    /// Whether `case`'s verdict counts towards the submission's (not an ignored sample).
    /// Every case by default.
    fn counts(&self, _case: &str) -> bool {
        true
    }
}

/// A submission's score: the total, the most there is, the overall verdict in the format's
/// words, and each group's part.
#[derive(Clone, Debug, PartialEq)]
pub struct Score {
    pub score: f64,
    pub full: Option<f64>,
    pub verdict: &'static str,
    pub parts: Vec<(String, f64)>,
}

/// Time limits and how they are derived (all times in seconds).
#[derive(Clone, Debug, PartialEq)]
pub struct Timing {
    pub time_limit: Option<f64>,
    /// The time limit is at least the slowest accepted run times this.
    pub ac_to_time_limit: f64,
    /// A time_limit_exceeded submission must be slower than the time limit times this.
    pub time_limit_to_tle: f64,
    /// The time limit is a whole multiple of this.
    pub time_resolution: f64,
}

impl Timing {
    /// The time limit from the slowest accepted run, as the spec says: the smallest multiple
    /// of the resolution at or above `slowest * ac_to_time_limit` (at least one resolution).
    pub fn derive(&self, slowest_ac_secs: f64) -> f64 {
        let exact = slowest_ac_secs * self.ac_to_time_limit;
        let steps = (exact / self.time_resolution - 1e-9).ceil().max(1.0);
        steps * self.time_resolution
    }
}

/// One rule of `submissions/submissions.yaml` (2025-09): for the submissions its key
/// matches, and for the cases `cases` matches (all when `None`), the verdicts permitted and
/// required, the score, and a message that must appear in some `judgemessage.txt`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Expectation {
    /// The glob the rule is under (`accepted`, `time_limit_exceeded/slow.py`, `*/x.cc`).
    pub key: String,
    /// A test case or group glob under `data/` (`secret/group1`, `secret/*-hard`).
    pub cases: Option<String>,
    pub permitted: Option<Vec<String>>,
    pub required: Option<Vec<String>>,
    /// The score, or its inclusive range.
    pub score: Option<(f64, f64)>,
    pub message: Option<String>,
    /// The file a folder submission starts from (`main.py`, `Main.java`).
    pub entrypoint: Option<String>,
}

/// A folder or package of tests as read.
#[derive(Clone, Debug)]
pub struct Package {
    pub kind: Kind,
    pub name: String,
    /// The folder the package was read from (its root).
    pub root: PathBuf,
    /// Limits, file I/O names and whether the problem is interactive.
    pub info: Info,
    /// The file the limits came from (`info.toml`, `problem.yaml`, `problem.xml`), if any.
    pub info_path: Option<PathBuf>,
    pub cases: Vec<Found>,
    /// Inputs without an answer (a flat folder's `mine.in` alone), which `test` runs and
    /// shows the output of (`RAN`) rather than judges; none in the other formats.
    pub unanswered: Vec<Found>,
    /// What was skipped or is doubtful, said once before judging.
    pub warnings: Vec<String>,
    /// The package's own checker, if it has one.
    pub checker: Option<Tool>,
    /// Its interactor (an interactive Kattis package's validator, a CMS manager).
    pub interactor: Option<Tool>,
    /// Its input validators: a [`Protocol::Kattis`] one accepts with exit 42, any other
    /// with exit 0.
    pub validators: Vec<Tool>,
    /// How outputs are compared where no checker decides, if the format says.
    pub compare: Option<Check>,
    /// Files compiled together with every submission (CMS's `graders/`), by ending.
    pub grader: Vec<PathBuf>,
    pub grading: Grading,
    /// The submissions `verify` judges.
    pub submissions: Vec<Submission>,
    /// What reading them found doubtful (said by `verify` only).
    pub submission_warnings: Vec<String>,
    /// The problem's title, where the package gives one beside its folder name.
    pub title: String,
    /// How the time limit is derived from the accepted submissions, where the package
    /// leaves it to them (Kattis without `time_limit`).
    pub timing: Option<Timing>,
    /// Texts substituted for `{{name}}` in every source built (Kattis' `constants`).
    pub constants: Vec<(String, String)>,
    /// The testset read, where the format has several (Polygon's `tests`, `pretests`).
    pub testset: Option<String>,
    /// An output-only task (CMS's OutputOnly, italy_yaml's `output_only`): a contestant
    /// hands in each case's output as a file ([`handed_in_name`]) rather than a program.
    pub output_only: bool,
    /// Folders whose files are copied beside every submission of a language (`None`: of
    /// every language) before it is built (Kattis' `include/`).
    pub include: Vec<(Option<&'static str>, PathBuf)>,
    /// A DMOJ signature grader: the submission is functions that [`Package::grader`]'s
    /// handler calls, built as DMOJ builds it (see `stage::submission`).
    pub signature: Option<Signature>,
}

/// A DMOJ `signature_grader`: the header (a file name of [`Package::grader`]) that every
/// submission is built with, and whether the submission may keep a `main` of its own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Signature {
    pub header: String,
    pub allow_main: bool,
}

impl Package {
    /// A package of `kind` with `cases` and nothing else of its own.
    pub fn plain(kind: Kind, name: String, root: PathBuf, cases: Vec<Found>) -> Package {
        Package {
            kind,
            name,
            root,
            info: Info::default(),
            info_path: None,
            cases,
            unanswered: Vec::new(),
            warnings: Vec::new(),
            checker: None,
            interactor: None,
            validators: Vec::new(),
            compare: None,
            grader: Vec::new(),
            grading: Grading::PassFail,
            submissions: Vec::new(),
            submission_warnings: Vec::new(),
            title: String::new(),
            timing: None,
            constants: Vec::new(),
            include: Vec::new(),
            signature: None,
            output_only: false,
            testset: None,
        }
    }

    /// Whether a submission gets a score here (not only a verdict).
    pub fn scored(&self) -> bool {
        match &self.grading {
            Grading::PassFail => false,
            Grading::Own(own) => own.scored(),
            Grading::Groups { .. } => true,
        }
    }

    /// Whether the package's judge goes on to judge `case` after `judged` (see
    /// [`Grades::reached`]).
    pub fn reached(&self, case: &str, judged: &[(String, Outcome)]) -> bool {
        match &self.grading {
            Grading::Own(own) => own.reached(case, judged),
            Grading::Groups { groups, .. } if self.kind == Kind::Dmoj => {
                dmoj_reaches(groups, case, judged)
            }
            _ => true,
        }
    }

    /// Whether `case`'s verdict counts towards a submission's (see [`Grades::counts`]).
    pub fn counts(&self, case: &str) -> bool {
        match &self.grading {
            Grading::Own(own) => own.counts(case),
            _ => true,
        }
    }

    /// The score of `outcomes` (case name, outcome), where the package is scored.
    pub fn grade(&self, outcomes: &[(String, Outcome)]) -> Option<Score> {
        match &self.grading {
            Grading::PassFail => None,
            Grading::Own(own) => own.grade(outcomes),
            Grading::Groups { groups, full } => {
                Some(grade_groups(groups, *full, &self.cases, outcomes))
            }
        }
    }
}

/// The file an output-only task's contestant hands in for case `case`: CMS's submission
/// format, `output_CODENAME.txt` (`output_000.txt` for case `000`).
pub fn handed_in_name(case: &str) -> String {
    format!("output_{case}.txt")
}

/// A case's fraction of its points: the checker's score where it gave one in [0, 1] (a CMS
/// checker, DMOJ's `linecount` on a wrong answer or on a failed run's output, a DMOJ
/// testlib bridge's points), else 1 for AC and 0 for anything else.
fn fraction(o: &Outcome) -> f64 {
    let given = o.score.filter(|s| (0.0..=1.0).contains(s));
    match o.verdict {
        Verdict::Ac => given.unwrap_or(1.0),
        _ => given.unwrap_or(0.0),
    }
}

/// Whether DMOJ's judge reaches `case` after `judged` (judge-server's `judge.py`): it skips
/// (`SC`) the rest of a batch after a case that failed, a batch whose `dependencies` did not
/// all pass, and everything after a failed case of 0 points. As the groups say it (0-point
/// groups are dependencies of every later one): no earlier case of its group failed, and
/// every group it depends on was judged whole and passed. A case passes when accepted or
/// given partial points by a testlib bridge (DMOJ passes those); `linecount`'s partial
/// case is a wrong answer.
fn dmoj_reaches(groups: &[ScoredGroup], case: &str, judged: &[(String, Outcome)]) -> bool {
    let of: HashMap<&str, &Outcome> = judged.iter().map(|(c, o)| (c.as_str(), o)).collect();
    let passed = |c: &String| {
        of.get(c.as_str())
            .is_some_and(|o| matches!(o.verdict, Verdict::Ac | Verdict::Pts))
    };
    let Some(own) = groups.iter().find(|g| g.cases.iter().any(|c| c == case)) else {
        return true;
    };
    let earlier_failed = own
        .cases
        .iter()
        .take_while(|c| *c != case)
        .any(|c| of.contains_key(c.as_str()) && !passed(c));
    let depends_passed = own.depends.iter().all(|d| {
        groups
            .iter()
            .find(|g| &g.name == d)
            .is_none_or(|g| g.cases.iter().all(passed))
    });
    !earlier_failed && depends_passed
}

/// Scores `outcomes` by `groups`: each group's points by its policy, nothing for a group
/// one of whose dependencies is not full, nothing for a case that was not judged.
fn grade_groups(
    groups: &[ScoredGroup],
    full: f64,
    cases: &[Found],
    outcomes: &[(String, Outcome)],
) -> Score {
    let of: HashMap<&str, &Outcome> = outcomes.iter().map(|(c, o)| (c.as_str(), o)).collect();
    let points: HashMap<&str, f64> = cases
        .iter()
        .map(|f| (f.name.as_str(), f.points.unwrap_or(0.0)))
        .collect();
    let frac = |c: &str| of.get(c).map_or(0.0, |o| fraction(o));
    let mut own: Vec<(String, f64, bool)> = Vec::new();
    for g in groups {
        let score = match g.policy {
            Policy::Min => g.points * g.cases.iter().map(|c| frac(c)).fold(1.0, f64::min),
            Policy::Mul => g.points * g.cases.iter().map(|c| frac(c)).product::<f64>(),
            Policy::Sum => g
                .cases
                .iter()
                .map(|c| points.get(c.as_str()).copied().unwrap_or(0.0) * frac(c))
                .sum(),
        };
        let most = match g.policy {
            Policy::Sum => g
                .cases
                .iter()
                .map(|c| points.get(c.as_str()).copied().unwrap_or(0.0))
                .sum(),
            _ => g.points,
        };
        // Full: every case passed in full, so that a group worth nothing (Polygon's samples)
        // still holds back the groups that depend on it when a case fails.
        let passed = g.cases.iter().all(|c| frac(c) >= 1.0 - 1e-9);
        own.push((g.name.clone(), score, passed && score >= most - 1e-9));
    }
    // A group scores only when every group it depends on (directly or not) is full.
    let full_of: HashMap<&str, bool> = own.iter().map(|(n, _, f)| (n.as_str(), *f)).collect();
    let by_name: HashMap<&str, &ScoredGroup> =
        groups.iter().map(|g| (g.name.as_str(), g)).collect();
    let deps_full = |g: &ScoredGroup| {
        let mut seen: Vec<&str> = Vec::new();
        let mut todo: Vec<&str> = g.depends.iter().map(String::as_str).collect();
        while let Some(d) = todo.pop() {
            if seen.contains(&d) {
                continue;
            }
            seen.push(d);
            if !full_of.get(d).copied().unwrap_or(false) {
                return false;
            }
            if let Some(dg) = by_name.get(d) {
                todo.extend(dg.depends.iter().map(String::as_str));
            }
        }
        true
    };
    let parts: Vec<(String, f64)> = groups
        .iter()
        .zip(&own)
        .map(|(g, (name, score, _))| (name.clone(), if deps_full(g) { *score } else { 0.0 }))
        .collect();
    let score: f64 = parts.iter().map(|(_, s)| s).sum();
    // The overall verdict is the first case's that is not AC (as the lines name it), so a
    // run whose first failure is a TLE is not called a wrong answer.
    let first_bad = outcomes.iter().find(|(_, o)| o.verdict != Verdict::Ac);
    Score {
        score,
        full: Some(full),
        verdict: first_bad.map_or("AC", |(_, o)| Names::Ours.of(o.verdict)),
        parts,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(v: Verdict, score: Option<f64>) -> Outcome {
        Outcome {
            verdict: v,
            wall_ms: 0,
            cpu_ms: 0,
            peak_kib: 0,
            checker_ms: None,
            interactor_ms: None,
            detail: Vec::new(),
            score,
        }
    }

    fn case(name: &str, points: Option<f64>) -> Found {
        Found {
            points,
            ..Found::new(name.into(), PathBuf::new(), PathBuf::new())
        }
    }

    #[test]
    fn groups_score_by_policy_and_dependencies() {
        let cases = vec![
            case("1", None),
            case("2", None),
            case("3", Some(10.0)),
            case("4", Some(15.0)),
            case("5", None),
        ];
        let g = |name: &str, points: f64, policy: Policy, cases: &[&str], depends: &[&str]| {
            ScoredGroup {
                name: name.into(),
                points,
                policy,
                cases: cases.iter().map(|c| c.to_string()).collect(),
                depends: depends.iter().map(|c| c.to_string()).collect(),
            }
        };
        let groups = vec![
            g("a", 30.0, Policy::Min, &["1", "2"], &[]),
            g("b", 0.0, Policy::Sum, &["3", "4"], &[]),
            g("c", 45.0, Policy::Min, &["5"], &["a"]),
        ];
        let outcomes = |v: [(Verdict, Option<f64>); 5]| -> Vec<(String, Outcome)> {
            v.iter()
                .enumerate()
                .map(|(i, (v, s))| ((i + 1).to_string(), outcome(*v, *s)))
                .collect()
        };
        let all = grade_groups(&groups, 100.0, &cases, &outcomes([(Verdict::Ac, None); 5]));
        assert_eq!(all.score, 100.0);
        assert_eq!(all.verdict, "AC");
        // A CMS-like fraction: min over the group; a failed case loses its own points only;
        // a group whose dependency is not full gets nothing though its own case passed.
        let some = grade_groups(
            &groups,
            100.0,
            &cases,
            &outcomes([
                (Verdict::Ac, Some(0.5)),
                (Verdict::Ac, None),
                (Verdict::Wa, None),
                (Verdict::Ac, None),
                (Verdict::Ac, None),
            ]),
        );
        assert_eq!(
            some.parts,
            [
                ("a".to_string(), 15.0),
                ("b".into(), 15.0),
                ("c".into(), 0.0)
            ]
        );
        assert_eq!(some.score, 30.0);
        assert_eq!(some.verdict, "WA");
        // A group worth nothing whose case fails is not passed: its dependents get nothing.
        let zero = vec![
            g("samples", 0.0, Policy::Min, &["1"], &[]),
            g("rest", 100.0, Policy::Min, &["2"], &["samples"]),
        ];
        let failed = grade_groups(
            &zero,
            100.0,
            &cases,
            &outcomes([
                (Verdict::Re, None),
                (Verdict::Ac, None),
                (Verdict::Ac, None),
                (Verdict::Ac, None),
                (Verdict::Ac, None),
            ]),
        );
        assert_eq!(failed.score, 0.0, "{:?}", failed.parts);
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
