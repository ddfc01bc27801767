//! The default mode: judge every case of the chosen problems, `-j N` at a time, and print
//! the lines in case order whatever order the workers finish in.
//!
//! Everything that can make the whole run meaningless (an unknown problem, a bad info.toml,
//! a program or checker that cannot run) is found before the first case where it can be,
//! and otherwise stops the run at the first case that meets it: a setup error, said once.

use std::fs;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use crate::args::{Dirs, Options};
use crate::judge::cases::{self, Case};
use crate::judge::check::Check;
use crate::judge::format::Kind;
use crate::judge::problem::{self, Problem};
use crate::judge::verdict::{Outcome, Verdict};
use crate::session::grade::{self, Source, Target};
use crate::session::pool;
use crate::session::target::time_limit_source;
use crate::session::SetupError;
use crate::show::report::{self, Progress, Reporter, Tally};

/// The problems to judge and, for each, the case globs chosen (none: every case). Targets
/// are `PROBLEM` or `PROBLEM/GLOB` for our problems, `GLOB` with `--tests`.
fn plan(o: &Options, dirs: &Dirs) -> Result<Vec<(Problem, Vec<String>)>, SetupError> {
    if o.run.testset.is_some() && o.run.tests.is_empty() {
        return Err("--testset needs --tests PACKAGE: a Polygon package"
            .to_string()
            .into());
    }
    if o.run.outputs.is_some() && o.run.tests.len() != 1 {
        return Err(
            "--outputs needs one --tests PACKAGE: the output-only task whose outputs they are"
                .to_string()
                .into(),
        );
    }
    if !o.run.tests.is_empty() {
        if o.verdicts.checker {
            return Err("--checker is our checker for our problems; with --tests give yours with --checker-cmd".to_string().into());
        }
        let mut plan: Vec<(Problem, Vec<String>)> = Vec::new();
        for tests in &o.run.tests {
            let mut p = Problem::from_tests_dir_testset(tests, o.run.testset.as_deref())?;
            if let (Some(name), None) = (&o.run.testset, &p.testset) {
                return Err(format!(
                    "--testset {name}: {} is a {}, which has no testsets (a Polygon \
                     package's problem.xml has)",
                    tests.display(),
                    p.kind.describe()
                )
                .into());
            }
            // Two folders of the same name keep their failing cases apart.
            let base = p.name.clone();
            let mut k = 1;
            while plan.iter().any(|(q, _)| q.name == p.name) {
                k += 1;
                p.name = format!("{base}-{k}");
            }
            plan.push((p, o.targets.clone()));
        }
        return Ok(plan);
    }
    let targets = if o.targets.is_empty() {
        problem::list(&dirs.problems)?
    } else {
        o.targets.clone()
    };
    let mut plan: Vec<(Problem, Vec<String>)> = Vec::new();
    for target in targets {
        let (name, glob) = match target.split_once('/') {
            Some((name, glob)) => (name.to_string(), Some(glob.to_string())),
            None => (target.clone(), None),
        };
        let at = match plan.iter().position(|(p, _)| p.name == name) {
            Some(at) => at,
            None => {
                plan.push((Problem::open(&dirs.problems, &name)?, Vec::new()));
                plan.len() - 1
            }
        };
        if let Some(glob) = glob {
            plan[at].1.push(glob);
        }
    }
    if plan.is_empty() {
        return Err(format!("no problems in {}", dirs.problems.display()).into());
    }
    Ok(plan)
}

/// What `bfs-judge test` judges in a contestant's folder, said before anything runs:
///
/// - with a program (`--cmd`, or a source file) and no `--tests`: the folder's `tests/` or
///   `test/` (oj's layout, or a problem `listen` received) when one of them holds a
///   `NAME.in`, as `oj test` does, or the folder itself when it is a package (a Kattis
///   package, a Library Checker folder). Targets then choose among its cases (`1`,
///   `'sample*'`), unless each names one of our problems and no case here. A folder without
///   tests is an error that says what was looked for, unless a target names our problem;
/// - with no program, in a folder with tests: an error that says how to name the program
///   (our own self-test is not what a contestant there means).
pub fn adopt_current_folder(o: &mut Options) -> Result<(), SetupError> {
    if !o.run.tests.is_empty() || o.run.places.problems_dir.is_some() {
        return Ok(());
    }
    let cwd = std::env::current_dir().map_err(|e| format!("the current folder: {e}"))?;
    let package = crate::judge::format::package_reader(&cwd).is_some();
    let here = tests_folder_in(&cwd).or_else(|| package.then(|| cwd.clone()));
    let ours = problem::list(&o.dirs().problems).unwrap_or_default();
    let names_ours = |t: &String| ours.iter().any(|p| t.split('/').next() == Some(p.as_str()));
    let Some(here) = here else {
        if o.run.cmd.is_some() && o.targets.is_empty() {
            return Err(format!(
                "no tests here ({}): looked for tests/ or test/ holding NAME.in with NAME.out \
                 (oj's layout, what `bfs-judge listen` writes) and a package: {}. Name one of \
                 our problems (`bfs-judge test --cmd ./a.out {}`) or a folder of tests \
                 (`--tests DIR`)",
                cwd.display(),
                crate::judge::format::looked_for(),
                ours.first().map_or("PROBLEM", |p| p.as_str()),
            )
            .into());
        }
        return Ok(());
    };
    if o.run.cmd.is_none() && !o.run.bundle && o.run.outputs.is_none() {
        if o.targets.iter().all(names_ours) && !o.targets.is_empty() {
            return Ok(());
        }
        return Err(format!(
            "this folder has tests ({}): say which program to judge, a source file built by its \
             extension (`bfs-judge test main.cpp`) or a command (`bfs-judge test --cmd ./a.out`); \
             `bfs-judge test` alone judges our own problems from the checkout",
            crate::text::short(&here.display().to_string())
        )
        .into());
    }
    if o.run.bundle {
        return Ok(());
    }
    if !o.targets.is_empty() && o.run.outputs.is_none() && o.targets.iter().all(names_ours) {
        // `--cmd ./a.out robot-maze` from a folder with tests: ours, unless a case here has
        // that name.
        let cases = Problem::from_tests_dir(&here)
            .map(|p| p.cases.into_iter().map(|c| c.name).collect::<Vec<_>>())
            .unwrap_or_default();
        let chosen = cases::selector(&o.targets)?;
        if !cases.iter().any(|c| chosen.is_match(c)) {
            return Ok(());
        }
    }
    o.run.tests = vec![here];
    Ok(())
}

/// `dir/tests` or `dir/test`, the first that holds a `NAME.in`.
fn tests_folder_in(dir: &std::path::Path) -> Option<std::path::PathBuf> {
    let holds_cases = |d: &std::path::Path| {
        fs::read_dir(d).is_ok_and(|entries| {
            entries
                .flatten()
                .any(|e| e.path().extension().is_some_and(|x| x == "in"))
        })
    };
    ["tests", "test"]
        .into_iter()
        .map(|name| dir.join(name))
        .find(|d| holds_cases(d))
}

/// The folder a problem's failing cases are kept in, `out/NAME`, cleared, and the lock that
/// makes it this judge's while it runs. When another judge holds it (the same folder planned
/// twice at once), this run keeps its cases in `out/NAME.run-PID` instead: the two never
/// write into each other's folder. (Verdicts never depend on it: runs are compared in
/// private folders.)
fn kept_folder(out: &Path, name: &str) -> Result<Kept, SetupError> {
    fs::create_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let lock_path = out.join(format!("{name}.lock"));
    let lock = fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&lock_path)
        .map_err(|e| format!("{}: {e}", lock_path.display()))?;
    let (dir, own) = match lock.try_lock() {
        Ok(()) => (out.join(name), true),
        Err(fs::TryLockError::WouldBlock) => (
            out.join(format!("{name}.run-{}", std::process::id())),
            false,
        ),
        Err(fs::TryLockError::Error(e)) => {
            return Err(format!("{}: {e}", lock_path.display()).into())
        }
    };
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    Ok(Kept { dir, own, lock })
}

/// Where a problem's failing cases are kept this run.
struct Kept {
    dir: PathBuf,
    /// The problem's own folder, locked (not a `.run-PID` beside another judge's).
    own: bool,
    /// Held until the run ends.
    lock: fs::File,
}

/// Judges the tests; `Ok(true)` when every case is AC.
pub fn run(o: &Options) -> Result<bool, SetupError> {
    let dirs = o.dirs();
    let mut planned = Planned::default();
    let mut cases: Vec<Case> = Vec::new();
    let mut locks = Vec::new();
    for (p, globs) in plan(o, &dirs)?.into_iter() {
        let mut found = chosen_cases(&p, &globs, o, planned.problems.len())?;
        if found.is_empty() {
            continue;
        }
        cases.append(&mut found);
        let ours = o.run.tests.is_empty() && o.run.places.problems_dir.is_none();
        let kept = kept_folder(&dirs.out, &p.kept_name(ours))?;
        planned.own_folders.push(kept.own);
        locks.push(kept.lock);
        let out_dir = kept.dir;
        let (p, target, derived) = crate::session::judged::judged_with(p, o, &dirs, out_dir)?;
        planned
            .times
            .push(time_limit_source(&p, o, derived.is_some()));
        planned.notes.push(derived);
        planned.targets.push(target);
        planned.problems.push(p);
    }
    if cases.is_empty() {
        return Err(format!("no case matches {}", o.targets.join(" or ")).into());
    }
    // From here on the judge reads its own copies: no program can change what decides.
    let _held = cases::hold(&mut cases)?;
    let mut reporter = report::reporter(o.run.json);
    for (i, p) in planned.problems.iter().enumerate() {
        reporter.header(&planned.header(i, p, o));
    }
    let (tallies, not_judged) = judge_all(o, &cases, &planned, reporter.as_mut())?;
    // Only failing cases stay (`session::cache`): a problem that passed leaves nothing behind.
    for ((t, tally), own) in planned
        .targets
        .iter()
        .zip(&tallies)
        .zip(&planned.own_folders)
    {
        // A case without an answer keeps its output (`CASE.got`) for a look.
        if tally.failed == 0 && tally.ran == 0 && *own {
            crate::session::cache::forget_passed(&t.out_dir);
        }
    }
    if dirs.out == crate::args::cache_dir() {
        crate::session::cache::trim(&dirs.out);
    }
    let failing: Vec<String> = planned
        .targets
        .iter()
        .zip(&tallies)
        .filter(|(_, t)| t.failed > 0)
        .map(|(t, _)| format!("{}/", crate::text::short(&t.out_dir.display().to_string())))
        .collect();
    reporter.summary(&tallies, &failing);
    if not_judged > 0 && o.run.json {
        crate::say!(
            "{}",
            serde_json::json!({ "fail_fast": true, "not_judged": not_judged })
        );
    } else if not_judged > 0 {
        crate::say!(
            "stopped at the first failure (--fail-fast): {not_judged} case{} not judged",
            if not_judged == 1 { "" } else { "s" }
        );
    }
    Ok(failing.is_empty())
}

/// The cases of `p` (problem number `i`) the run judges: every one, or those `globs` choose
/// (each glob must choose one), our `lenient-*` cases only for our own binaries; a folder
/// with no case at all is a setup error that says what was looked for.
fn chosen_cases(
    p: &Problem,
    globs: &[String],
    o: &Options,
    i: usize,
) -> Result<Vec<Case>, SetupError> {
    for w in &p.warnings {
        eprintln!("judge: warning: {w}");
    }
    // Outputs handed in have nothing to show for the inputs without an answer.
    let mut found = cases::of_problem(p, i, o.run.outputs.is_none());
    // Invalid-input cases need our exact messages: our binaries and bundles only.
    if o.run.cmd.is_some() {
        found.retain(|c| !matches!(c.expect, cases::Expect::Invalid { .. }));
    }
    if found.is_empty() {
        let tests = p.tests_dir();
        return Err(if matches!(p.kind, Kind::Flat | Kind::Ours) {
            format!(
                "{}: no test cases in {}: {}",
                p.name,
                tests.display(),
                crate::judge::format::nothing_found(&tests)
            )
            .into()
        } else {
            format!(
                "{}: no test cases in {} (read as a {})",
                p.name,
                tests.display(),
                p.kind.describe()
            )
            .into()
        });
    }
    if o.run.cmd.is_some() && globs.is_empty() && p.is_ours() {
        // Our `lenient-*` cases go beyond the statement's input format (its Leniency
        // paragraph): a contestant's solution owes them nothing unless asked.
        found.retain(|c| !c.name.starts_with("lenient-"));
    }
    if !globs.is_empty() {
        // Every selector must choose something: a typo is an error even when another
        // selector matches.
        let mut unmatched = Vec::new();
        for g in globs {
            let one = cases::selector(std::slice::from_ref(g))?;
            if !found.iter().any(|c| one.is_match(&c.name)) {
                unmatched.push(g.as_str());
            }
        }
        // With several --tests a selector need only match in one of them.
        if !unmatched.is_empty() && o.run.tests.len() <= 1 {
            let names: Vec<&str> = found.iter().map(|c| c.name.as_str()).collect();
            let hints: Vec<String> = unmatched
                .iter()
                .filter_map(|u| problem::did_you_mean(u, &names))
                .map(|like| format!("`{like}`"))
                .collect();
            return Err(format!(
                "no case of {} matches {}{}",
                p.name,
                unmatched.join(" or "),
                if hints.is_empty() {
                    String::new()
                } else {
                    format!(": did you mean {}?", hints.join(" or "))
                }
            )
            .into());
        }
        let chosen = cases::selector(globs)?;
        found.retain(|c| chosen.is_match(&c.name));
    }
    Ok(found)
}

/// Why DMOJ's judge skips a case (judge-server's `judge.py`).
const DMOJ_SKIPS: &str = "DMOJ's judge skips it (an earlier case of its batch failed, a batch \
     it depends on did not pass, or a case of 0 points before it failed); judged, not counted";

/// Judges every case, `-j N` at a time, telling `reporter` in case order; each problem's
/// tally and how many cases `--fail-fast` left unjudged, or the first setup error. The
/// first failure is the first in case order (the pool delivers in order), so `-j` never
/// changes where `--fail-fast` stops.
fn judge_all(
    o: &Options,
    cases: &[Case],
    planned: &Planned,
    reporter: &mut dyn Reporter,
) -> Result<(Vec<Tally>, usize), SetupError> {
    let (problems, targets) = (&planned.problems, &planned.targets);
    let total = cases.len();
    let mut tallies: Vec<Tally> = targets.iter().map(|_| Tally::default()).collect();
    let mut graded: Vec<Vec<(String, Outcome)>> = vec![Vec::new(); problems.len()];
    // Both the delivery and the wait update the progress line.
    let progress = std::cell::RefCell::new(Progress::new());
    let mut setup_error = None;
    let mut not_judged = 0;
    pool::in_order(
        total,
        o.verdicts.jobs as usize,
        |_, i| grade::judge_case(&cases[i], &targets[cases[i].problem]),
        |i, judged| {
            let outcome = match judged {
                Ok(outcome) => outcome,
                Err(e) => {
                    setup_error = Some(e);
                    return ControlFlow::Break(());
                }
            };
            let case = &cases[i];
            let p = &problems[case.problem];
            progress.borrow_mut().clear();
            // DMOJ skips what follows a failure in a batch (`SC`): shown so, not counted.
            let skipped = p.kind == Kind::Dmoj && !p.reached(&case.name, &graded[case.problem]);
            let mut stop = false;
            if skipped {
                reporter.skipped(&p.name, &case.name, DMOJ_SKIPS);
            } else {
                reporter.case(&p.name, &case.name, &outcome);
                tallies[case.problem].add(&outcome);
                stop = o.fail_fast && !matches!(outcome.verdict, Verdict::Ac | Verdict::Ran);
                graded[case.problem].push((case.name.clone(), outcome));
            }
            if stop || cases.get(i + 1).is_none_or(|c| c.problem != case.problem) {
                let score = p.grade(&graded[case.problem]);
                let limits = &targets[case.problem].limits;
                reporter.problem_done(&p.name, &tallies[case.problem], limits, score.as_ref());
            }
            if stop {
                not_judged = total - i - 1;
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        },
        |received, delivered| {
            let now = cases.get(delivered).map_or("", |c| c.name.as_str());
            progress.borrow_mut().update(received, total, now);
        },
    );
    progress.borrow_mut().clear();
    if let Some(e) = setup_error {
        return Err(e);
    }
    Ok((tallies, not_judged))
}

/// The problems of a run, each with what its cases are judged with and what its header says
/// of where its time limit came from.
#[derive(Default)]
struct Planned {
    problems: Vec<Problem>,
    targets: Vec<Target>,
    /// How a derived time limit was found, for the header.
    notes: Vec<Option<String>>,
    /// Where the time limit came from, where the header must say it.
    times: Vec<Option<String>>,
    /// Whether each problem's kept folder is its own (see [`kept_folder`]), which a problem
    /// that passed leaves behind.
    own_folders: Vec<bool>,
}

impl Planned {
    /// Problem `i`'s header line: what runs, the limits, how answers are judged, the format
    /// (in the short header a long description cut to its name), with -v the time limit's
    /// note.
    fn header(&self, i: usize, p: &Problem, o: &Options) -> String {
        let t = &self.targets[i];
        let verbose = o.run.sandbox.verbose;
        let mut mode = how_judged(p, t, o);
        // Our problems' header names no format: they are the judge's own.
        if !p.is_ours() {
            // A description longer than a header's part (Library Checker's) is cut to the
            // format's name in the short header.
            const PART: usize = 40;
            let kind = p.kind.describe();
            let kind = match kind.split_once(" (") {
                Some((name, _)) if !verbose && kind.len() > PART => name.to_string(),
                _ => kind,
            };
            mode.push_str(&format!(" | {kind}"));
            if let Some(testset) = &p.testset {
                mode.push_str(&format!(", testset {testset}"));
            }
            if p.output_only {
                mode.push_str(match t.source {
                    Source::Run(_) => {
                        " | output-only: the program's output on each input stands for the \
                         file handed in"
                    }
                    Source::HandedIn(_) => " | output-only: the files handed in",
                });
            }
        }
        if let Some(note) = self.notes[i].as_ref().filter(|_| verbose) {
            mode.push_str(&format!(" | {note}"));
        }
        match (&t.files.input, &t.files.output) {
            (None, None) => {}
            (input, output) => mode.push_str(&format!(
                " | file I/O: {} -> {}",
                input.as_deref().unwrap_or("stdin"),
                output.as_deref().unwrap_or("stdout")
            )),
        }
        report::header(
            p,
            &crate::text::short(
                &o.run
                    .built
                    .as_ref()
                    .map_or_else(|| t.source.describe(), |(shown, _)| shown.clone()),
            ),
            &t.limits,
            self.times[i].as_deref(),
            &mode,
            verbose,
        )
    }
}

/// How `p`'s answers are judged, as its header says it.
fn how_judged(p: &Problem, t: &Target, o: &Options) -> String {
    match (&t.check, o.verdicts.checker) {
        _ if t.interactor.is_some() => {
            let i = t
                .interactor
                .as_ref()
                .map(|i| i.describe())
                .unwrap_or_default();
            match &t.check {
                Check::External(c) => format!(
                    "{} | checker {}",
                    crate::text::short(&i),
                    crate::text::short(&c.describe())
                ),
                _ => crate::text::short(&i),
            }
        }
        (Check::External(c), _) if o.verdicts.checker_cmd.is_some() || !p.is_ours() => {
            let from = o.checker_from.as_ref().map_or(String::new(), |f| {
                format!(" (from {})", crate::text::short(&f.display().to_string()))
            });
            format!("checker {}{from}", crate::text::short(&c.describe()))
        }
        (Check::External(_), _) => "checker".to_string(),
        (_, true) => "exact (no checker for this problem)".to_string(),
        (check, false) => check.describe(),
    }
}
