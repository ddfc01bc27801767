//! `--verify PACKAGE`: the problem setter's check, as problemtools' `verifyproblem` and
//! Library Checker's `[[solutions]]` do it. Every submission the package lists is built as its judge
//! builds it (`session::submission`, over `run::compile`) and judged on every case its judge
//! would reach (a Kattis group with `on_reject: break` stops at its first rejection, DMOJ
//! skips what its batches short-circuit), `-j` submissions at a time, and one line each, in
//! their order, says whether it got the verdict its place promises, with the case that
//! decided it.
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
//! submissions as the spec says (see [`crate::judge::format::Timing::derive`]): they are run first
//! with a generous limit, the slowest case's CPU time (the least of a few runs where more
//! runs could lower the limit, else fewer) sets the
//! limit, and their cases are then re-judged against it; those run on a stand-in for the
//! format's interpreter (CPython where Kattis' pypy3 is missing) do not set it.
//!
//! Nothing stops the run early: a submission on which the package itself fails the judge (a
//! validator that crashes) gets an `ERROR` line and the rest are still judged. `run` then
//! returns `Ok(true)` when every submission got its promise, `Ok(false)` when some did not,
//! and `Err` (exit 2) when the package failed on any.

use std::fs;
use std::ops::ControlFlow;
use std::path::Path;

use crate::args::Options;
use crate::judge::check::Check;
use crate::judge::format::files::glob_covers;
use crate::judge::format::{Expectation, Names, Package, ScoreRule, Submission};
use crate::judge::verdict::{Outcome, Verdict};
use crate::run::compile::BuildError;
use crate::run::spec::Limits;
use crate::session::grade::Source;
use crate::session::submission::{
    builds, judging, missing_interpreter, python_of, refuse_stand_ins, timed_how, with_limit,
    Judging, Runs, DERIVING_MS,
};
use crate::session::target;
use crate::session::SetupError;
use crate::show::report::num;
use crate::text::{mib, short};
use crate::{say_json, say_text};

/// How the submissions fared.
#[derive(Default)]
struct Tally {
    passed: usize,
    failed: usize,
    skipped: usize,
    /// Submissions whose judging the package itself broke.
    broken: usize,
    /// The time limit the submissions were judged by (the package's, or derived).
    time_limit_ms: u64,
}

impl Tally {
    /// Prints `s`'s line and counts it.
    fn report(&mut self, s: &Submission, fate: Fate, package: &Package) {
        let runs = match fate {
            Fate::Skipped(why) => {
                said(s, "SKIP", &why);
                self.skipped += 1;
                return;
            }
            Fate::NotBuilt(why) => {
                let text = format!("expected {}, got a compile error: {why}", s.rule.label);
                said(s, "FAIL", &text);
                self.failed += 1;
                return;
            }
            Fate::Judged(runs) => runs,
        };
        if let Some((case, why)) = &runs.error {
            said(s, "ERROR", &format!("the package failed on {case}: {why}"));
            self.broken += 1;
            return;
        }
        let (ok, text) = decide(s, &runs, package);
        said(s, if ok { "OK" } else { "FAIL" }, &text);
        if ok {
            self.passed += 1;
        } else {
            self.failed += 1;
        }
    }
}

/// A submission's line: for a person `RESULT  SUBMISSION  TEXT`, under `--json` one object.
fn said(s: &Submission, result: &str, text: &str) {
    say_text!("{result:<5} {:<40} {text}", s.shown);
    say_json!({
        "mode": "verify", "submission": s.shown, "expected": s.rule.label,
        "result": result, "detail": text,
    });
}

/// The first way `runs` break the submissions.yaml rule `e`, if any.
fn breaks(e: &Expectation, runs: &Runs, score: Option<f64>) -> Option<String> {
    let in_scope: Vec<&(String, Outcome)> = runs
        .outcomes
        .iter()
        .filter(|(c, _)| e.cases.as_ref().is_none_or(|g| glob_covers(g, c)))
        .collect();
    let at = match &e.cases {
        Some(g) => format!("submissions.yaml `{}` on {g}", e.key),
        None => format!("submissions.yaml `{}`", e.key),
    };
    if let Some(p) = &e.permitted {
        if let Some((c, o)) = in_scope
            .iter()
            .find(|(_, o)| !p.iter().any(|x| x == Names::Kattis.of(o.verdict)))
        {
            return Some(format!(
                "{at}: {} on {c} is not permitted ({})",
                Names::Kattis.of(o.verdict),
                p.join(", ")
            ));
        }
    }
    if let Some(q) = &e.required {
        if !in_scope
            .iter()
            .any(|(_, o)| q.iter().any(|x| x == Names::Kattis.of(o.verdict)))
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

/// What judging a submission cost: its cases judged (and left out after a rejection), its
/// most CPU time and memory.
fn cost(runs: &Runs) -> String {
    let most = |f: fn(&Outcome) -> u64| runs.outcomes.iter().map(|(_, o)| f(o)).max();
    format!(
        "{} cases{}, max {} ms cpu, {}",
        runs.outcomes.len(),
        match runs.not_reached {
            0 => String::new(),
            n => format!(", {n} not judged after a rejection (on_reject: break)"),
        },
        most(|o| o.cpu_ms).unwrap_or(0),
        mib(most(|o| o.peak_kib).unwrap_or(0))
    )
}

/// What a submission got, against its rule: the line's verdict text and whether it passes.
fn decide(s: &Submission, runs: &Runs, package: &Package) -> (bool, String) {
    // The cases whose verdicts count (an ignored sample's do not), for the promise.
    let counted = Runs {
        outcomes: runs
            .outcomes
            .iter()
            .filter(|(c, _)| package.counts(c))
            .cloned()
            .collect(),
        error: None,
        not_reached: runs.not_reached,
    };
    let (all, runs) = (runs, &counted);
    let name = |v: Verdict| s.names.of(v);
    // The format's name, and ours beside it where it says more (`RTE (MLE)`).
    let shown = |v: Verdict| {
        let theirs = name(v);
        match v {
            Verdict::Mle | Verdict::Ole | Verdict::Pe | Verdict::Pts if theirs != v.name() => {
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
        .find(|(_, o)| !s.rule.permitted.is_empty() && !s.rule.permitted.contains(&name(o.verdict)))
        .map(|(c, o)| (c.clone(), shown(o.verdict)));
    let required_seen = s.rule.required.is_empty()
        || runs
            .outcomes
            .iter()
            .any(|(_, o)| s.rule.required.contains(&name(o.verdict)));
    let cost = cost(all);
    let mut got = match &first_bad {
        None => "AC".to_string(),
        Some((c, v)) => format!("{v} on {c}"),
    };
    let mut ok = not_permitted.is_none() && required_seen;
    let graded = package.grade(&all.outcomes);
    if let Some(g) = &graded {
        // The case named is the first that got the verdict the grading gave, so a case that
        // does not count (an ignored sample) is not named beside an AC.
        let deciding = runs
            .outcomes
            .iter()
            .find(|(_, o)| {
                o.verdict != Verdict::Ac && [name(o.verdict), o.verdict.name()].contains(&g.verdict)
            })
            .map(|(c, o)| (c.clone(), shown(o.verdict)));
        let named = match (&deciding, g.verdict) {
            (Some(d), _) => Some(d),
            (None, "AC") => None,
            (None, _) => first_bad.as_ref(),
        };
        got = format!(
            "{} with score {}{}",
            g.verdict,
            num(g.score),
            match named {
                Some((c, v)) => format!(" (first {v} on {c})"),
                None => String::new(),
            }
        );
        let below_full = g.full.is_some_and(|m| g.score < m - 1e-9);
        ok = match s.rule.score {
            ScoreRule::Any => ok,
            ScoreRule::Full => ok && !below_full,
            ScoreRule::BelowFull => ok && below_full,
            ScoreRule::Partial => g.verdict == "AC" && below_full,
            ScoreRule::Range(lo, hi) => ok && g.score >= lo - 1e-9 && g.score <= hi + 1e-9,
        };
    }
    let mut why = match (&not_permitted, required_seen) {
        (Some((c, v)), _) if !ok => format!("; {v} on {c} is not allowed here"),
        (None, false) if !ok => format!("; no case got {}", s.rule.required.join(" or ")),
        _ => String::new(),
    };
    if let (Some(g), false) = (&graded, ok) {
        match s.rule.score {
            ScoreRule::Full if g.full.is_some_and(|m| g.score < m - 1e-9) => {
                why.push_str("; not the full score")
            }
            ScoreRule::BelowFull if g.full.is_some_and(|m| g.score >= m - 1e-9) => {
                why.push_str("; the full score, where less was expected")
            }
            ScoreRule::Range(lo, hi) if g.score < lo - 1e-9 || g.score > hi + 1e-9 => {
                why.push_str(&format!("; score outside [{}, {}]", num(lo), num(hi)))
            }
            _ => {}
        }
    }
    let score = graded.as_ref().map(|g| g.score);
    for e in &s.extra {
        if let Some(broken) = breaks(e, all, score) {
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
pub fn run(o: &Options, path: &Path) -> Result<bool, SetupError> {
    let dirs = o.dirs();
    let package = read(path)?;
    let bench = judging(&package, o, &dirs)?;
    let _ = fs::remove_dir_all(&bench.out);
    // Accepted first: they may set the time limit the others are judged by.
    let mut subs: Vec<&Submission> = package.submissions.iter().collect();
    subs.sort_by_key(|s| !s.rule.is_accepted());
    let fixed = o
        .run
        .time_limit_ms
        .or(package.info.time_limit_ms.map(|ms| target::scaled(ms, o)));
    let mut limits = target::limits(bench.package, o);
    say_text!("{}", header(&bench, fixed, &limits)?);
    if let Some(ms) = fixed {
        limits.time_ms = ms;
    }
    let deriving = fixed.is_none() && package.timing.is_some();
    let tally = judge_submissions(&bench, &subs, limits, deriving)?;
    say_text!(
        "failing cases of each submission: {}/",
        short(&bench.out.display().to_string())
    );
    say_text!(
        "{} passed, {} failed, {} skipped{}",
        tally.passed,
        tally.failed,
        tally.skipped,
        match tally.broken {
            0 => String::new(),
            n => format!(", {n} not judged: the package failed"),
        }
    );
    say_json!({
        "summary": true, "mode": "verify", "passed": tally.passed, "failed": tally.failed,
        "skipped": tally.skipped, "not_judged": tally.broken,
        "time_limit_ms": tally.time_limit_ms, "failing": bench.out.display().to_string(),
    });
    if tally.broken > 0 {
        return Err(format!(
            "--verify: {}: the package itself failed the judge for {} submission{} (the \
             ERROR lines above): fix the package's validator or checker",
            package.root.display(),
            tally.broken,
            if tally.broken == 1 { "" } else { "s" }
        )
        .into());
    }
    Ok(tally.failed == 0)
}

/// The package at `path`, its warnings said; one that lists no submission is a setup error.
fn read(path: &Path) -> Result<Package, SetupError> {
    let package = crate::judge::format::detect(path)?;
    for w in &package.warnings {
        eprintln!("judge: warning: {w}");
    }
    if package.submissions.is_empty() && package.submission_warnings.is_empty() {
        return Err(format!(
            "--verify: {} is a {}, which lists no submissions (a Kattis package has \
             submissions/, a Library Checker folder sol/ and [[solutions]] in info.toml, a \
             Polygon package solutions/ in problem.xml, a CMS task solutions/)",
            package.root.display(),
            package.kind.describe()
        )
        .into());
    }
    for w in &package.submission_warnings {
        eprintln!("judge: warning: {w}");
    }
    if package.submissions.is_empty() {
        return Err(format!("--verify: {}: no submissions found", package.root.display()).into());
    }
    Ok(package)
}

/// The header line: the package, how its answers are judged, its limits, the isolation
/// mechanism; one line of a wide terminal. With -v in full: where the time limit comes from
/// (`fixed`: the option's or the package's, else derived or the default), why a Kattis
/// package's Python is not pypy3, what the isolation enforces.
fn header(bench: &Judging<'_>, fixed: Option<u64>, limits: &Limits) -> Result<String, SetupError> {
    let (package, o) = (bench.package, bench.o);
    let verbose = o.run.sandbox.verbose;
    let check = target::check(package, o, &bench.dirs)?;
    let how = match (&check, target::interactor(package, o, &bench.dirs)?) {
        (_, Some(i)) => short(&i.describe()),
        (Check::External(c), None) => format!("checker {}", short(&c.describe())),
        (check, None) => check.describe(),
    };
    let title = if package.title.is_empty() {
        String::new()
    } else {
        format!(" ({})", package.title)
    };
    let python = match (&package.kind, python_of(package)) {
        (crate::judge::format::Kind::Kattis(_), "pypy3") if verbose => {
            " | Python 3 by pypy3 (as Kattis)"
        }
        (crate::judge::format::Kind::Kattis(_), "pypy3") => " | Python 3 by pypy3",
        (crate::judge::format::Kind::Kattis(_), _) if verbose && fixed.is_none() => {
            " | Python 3 by python3 (pypy3, Kattis' choice, is not installed: Python \
             submissions do not set the time limit)"
        }
        (crate::judge::format::Kind::Kattis(_), _) if verbose => {
            " | Python 3 by python3 (pypy3, Kattis' choice, is not installed)"
        }
        (crate::judge::format::Kind::Kattis(_), _) => " | Python 3 by python3",
        _ => "",
    };
    let head = format!(
        "# verify {}{title}: {}{python} | {} cases | {how}",
        package.name,
        package.kind.describe(),
        package.cases.len(),
    );
    if !verbose {
        let time = match (fixed, o.run.time_limit_factor) {
            (Some(ms), _) => format!("{ms} ms"),
            (None, factor) if package.timing.is_some() => {
                format!(
                    "derived{}",
                    factor.map_or(String::new(), |f| format!(" x {f}"))
                )
            }
            (None, _) => format!("{} ms", limits.time_ms),
        };
        return Ok(format!(
            "{head} | limits {time}, {} MiB | {}",
            limits.memory_kib / 1024,
            crate::show::report::isolation_brief()
        ));
    }
    let factor = o
        .run
        .time_limit_factor
        .map_or(String::new(), |f| format!(" x {f} (--time-limit-factor)"));
    let time = match (fixed, package.info.time_limit_ms) {
        (Some(ms), _) if o.run.time_limit_ms.is_some() => format!("{ms} ms (--time-limit-ms)"),
        (Some(ms), Some(own)) if !factor.is_empty() => {
            format!("{ms} ms ({own} ms from the package{factor})")
        }
        (Some(ms), _) => format!("{ms} ms (from the package)"),
        (None, _) if package.timing.is_some() => {
            format!("derived from the accepted submissions{factor}")
        }
        (None, _) => format!(
            "{} ms (the default{}{factor})",
            limits.time_ms,
            match &package.info_path {
                Some(f) => format!(": {} gives none", short(&f.display().to_string())),
                None => String::new(),
            }
        ),
    };
    Ok(format!(
        "{head} | memory {} MiB | time limit {time} | {}",
        limits.memory_kib / 1024,
        crate::show::report::isolation_text()
    ))
}

/// Builds and judges every submission in `subs` (accepted ones first) under `limits`, `-j`
/// at a time, a line each in their order; where the time limit is `deriving`, the accepted
/// ones are judged first with a generous one, which their slowest case then sets.
fn judge_submissions(
    bench: &Judging<'_>,
    subs: &[&Submission],
    mut limits: Limits,
    deriving: bool,
) -> Result<Tally, SetupError> {
    let package = bench.package;
    let mut tally = Tally::default();
    let (first, rest): (Vec<&Submission>, Vec<&Submission>) =
        subs.iter().partition(|s| deriving && s.rule.is_accepted());
    if deriving {
        let mut slowest: Option<(u64, String)> = None;
        let mut pending: Vec<(&Submission, Runs)> = Vec::new();
        let mut stand_in = None;
        let generous = Limits {
            time_ms: DERIVING_MS,
            ..limits
        };
        judge_each(bench, &first, generous, true, |s, fate| match fate {
            Fate::Judged(runs) if missing_interpreter(s, package).is_some() => {
                // Judged all the same (its verdicts count), but its times do not.
                stand_in = missing_interpreter(s, package);
                pending.push((s, runs));
            }
            Fate::Judged(runs) => {
                for (_, out) in &runs.outcomes {
                    if out.verdict == Verdict::Ac
                        && slowest.as_ref().is_none_or(|(ms, _)| out.cpu_ms > *ms)
                    {
                        slowest = Some((out.cpu_ms, s.shown.clone()));
                    }
                }
                pending.push((s, runs));
            }
            fate => tally.report(s, fate, package),
        })?;
        if let (None, Some(missing)) = (&slowest, stand_in) {
            return Err(refuse_stand_ins(package, missing));
        }
        settle(&mut limits, &slowest, package, bench.o);
        if let Some(missing) = stand_in {
            say_text!(
                "  (Python 3 submissions do not set it: Kattis runs them with {missing}, which is \
                 not installed here, and CPython is several times slower)"
            );
        }
        for (s, mut runs) in pending {
            with_limit(&mut runs, limits.time_ms, package);
            tally.report(s, Fate::Judged(runs), package);
        }
    }
    judge_each(bench, &rest, limits, false, |s, fate| {
        tally.report(s, fate, package)
    })?;
    tally.time_limit_ms = limits.time_ms;
    Ok(tally)
}

/// What became of a submission: skipped (why), not built (the compiler's message), or
/// judged.
enum Fate {
    Skipped(String),
    NotBuilt(String),
    Judged(Runs),
}

/// Builds and judges each of `subs` under `limits` on `-j` threads (`timed`: each case's
/// least CPU time of a few runs, for submissions that set a time limit), handing each one's
/// fate to `deliver` in their order (so the lines are the same at any `-j`); the first
/// setup error stops it.
fn judge_each<'s>(
    bench: &Judging<'_>,
    subs: &[&'s Submission],
    limits: Limits,
    timed: bool,
    mut deliver: impl FnMut(&'s Submission, Fate),
) -> Result<(), SetupError> {
    let mut failed = None;
    crate::session::pool::in_order(
        subs.len(),
        bench.o.verdicts.jobs as usize,
        |_, i| fate(subs[i], bench, limits, timed),
        |i, fate| match fate {
            Ok(fate) => {
                deliver(subs[i], fate);
                ControlFlow::Continue(())
            }
            Err(e) => {
                failed = Some(e);
                ControlFlow::Break(())
            }
        },
        |_, _| {},
    );
    failed.map_or(Ok(()), Err)
}

/// Builds submission `s` (or takes the outputs it hands in) and judges it under `limits`
/// (`timed`: see [`Judging::judge_timed`], unless its times cannot count anyway).
fn fate(
    s: &Submission,
    bench: &Judging<'_>,
    limits: Limits,
    timed: bool,
) -> Result<Fate, SetupError> {
    if let Some(why) = &s.skip {
        return Ok(Fate::Skipped(why.clone()));
    }
    let built = match s.handed_in {
        // An output-only task's outputs, handed in as a folder: nothing to build.
        true => Ok(Source::HandedIn(s.path.clone())),
        false => builds(s, bench.package, &bench.build).map(Source::Run),
    };
    match built {
        Ok(source) if timed && missing_interpreter(s, bench.package).is_none() => {
            Ok(Fate::Judged(bench.judge_timed(source, limits, &s.shown)?))
        }
        Ok(source) => Ok(Fate::Judged(bench.judge(source, limits, &s.shown)?)),
        Err(BuildError::Unsupported(why)) => Ok(Fate::Skipped(why)),
        Err(BuildError::Failed(why)) => match &s.skip_unless_built {
            Some(skip) => {
                let first = why.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
                Ok(Fate::Skipped(format!("{skip}: {}", first.trim())))
            }
            None => Ok(Fate::NotBuilt(why)),
        },
    }
}

/// Sets the derived time limit from the slowest accepted case, and says it.
fn settle(limits: &mut Limits, slowest: &Option<(u64, String)>, package: &Package, o: &Options) {
    if let (Some((ms, by)), Some(timing)) = (slowest, &package.timing) {
        let secs = timing.derive(*ms as f64 / 1000.0);
        limits.time_ms = target::scaled((secs * 1000.0).round() as u64, o);
        say_text!(
            "time limit {} s: slowest accepted case {ms} ms ({by}, {}) x {} (ac_to_time_limit), rounded up to a multiple of {} s{}",
            num(secs),
            timed_how(package, o, *ms),
            num(timing.ac_to_time_limit),
            num(timing.time_resolution),
            o.run.time_limit_factor.map_or(String::new(), |f| format!(
                ", x {f} (--time-limit-factor): {} ms",
                limits.time_ms
            ))
        );
    } else {
        say_text!(
            "time limit: no accepted submission ran; the others keep the {} ms limit",
            limits.time_ms
        );
    }
}
