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
//! submissions as the spec says (see [`crate::judge::format::Timing::derive`]): they are run first
//! with a generous limit, the slowest case's CPU time sets the limit, and their cases are then
//! re-judged against it.
//!
//! Nothing stops the run early: a submission on which the package itself fails the judge (a
//! validator that crashes) gets an `ERROR` line and the rest are still judged. `run` then
//! returns `Ok(true)` when every submission got its promise, `Ok(false)` when some did not,
//! and `Err` (exit 2) when the package failed on any.

use std::fs;
use std::path::{Path, PathBuf};

use crate::args::{Dirs, Options};
use crate::judge::cases::{Case, Expect};
use crate::judge::check::Check;
use crate::judge::format::files::glob_covers;
use crate::judge::format::stage;
use crate::judge::format::{Expectation, Names, Package, Score, ScoreRule, Submission};
use crate::judge::problem::Problem;
use crate::judge::verdict::{Outcome, Verdict};
use crate::modes::case::{self, Source, Target};
use crate::modes::test;
use crate::run::compile::{self, BuildError};
use crate::run::program::Program;
use crate::run::sandbox::Limits;
use crate::say;
use crate::text::{mib, short};

/// The limit accepted submissions run under while the time limit is derived from them. The
/// spec sets none; a minute of CPU (its default `validation_time`) lets a slow accepted
/// submission set a limit of tens of seconds rather than be cut off at the ceiling.
const DERIVING_MS: u64 = 60_000;

/// `score: 50 of 100 (WA): secret/subtask1 50, secret/subtask2 0`.
pub fn score_line(score: &Score) -> String {
    let parts: Vec<String> = score
        .parts
        .iter()
        .map(|(name, s)| format!("{name} {}", num(*s)))
        .collect();
    format!(
        "score: {}{} ({}){}",
        num(score.score),
        score
            .full
            .map(|m| format!(" of {}", num(m)))
            .unwrap_or_default(),
        score.verdict,
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
    fn report(&mut self, s: &Submission, runs: &Runs, package: &Package) {
        if let Some((case, why)) = &runs.error {
            say!("ERROR {:<40} the package failed on {case}: {why}", s.shown);
            self.broken += 1;
            return;
        }
        let (ok, text) = decide(s, runs, package);
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
    fn judge(&self, source: Source, limits: Limits, shown: &str) -> Result<Runs, String> {
        let out_dir = self.out.join(shown.replace('/', "__"));
        let _ = fs::remove_dir_all(&out_dir);
        fs::create_dir_all(&out_dir).map_err(|e| format!("{}: {e}", out_dir.display()))?;
        let files = crate::modes::case::FileIo {
            input: self.package.info.input_file.clone(),
            output: self.package.info.output_file.clone(),
        };
        let target = Target {
            // A file I/O problem's program starts in a folder of its own.
            source: match source {
                Source::Run(program) if files.any() => Source::Run(program.absolutized()),
                source => source,
            },
            limits,
            check: test::check(&self.problem, self.o, &self.dirs)?,
            interactor: test::interactor(&self.problem, self.o, &self.dirs)?,
            diff: self.o.verdicts.diff,
            out_dir,
            explain: None,
            files,
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

/// Builds the user's own source `src` as `package`'s submissions are built, with its grader
/// (`test --tests PKG main.cpp` on a CMS task); the error is the compiler's message.
pub fn with_grader(src: &Path, package: &Package, build: &Path) -> Result<Program, String> {
    let s = Submission::new(
        format!("yours__{}", src.display()),
        src.to_path_buf(),
        crate::judge::format::Rule::new("any", &[], &[]),
        crate::judge::format::Names::Ours,
    );
    builds(&s, package, build).map_err(|e| match e {
        BuildError::Failed(why) | BuildError::Unsupported(why) => why,
    })
}

/// Builds submission `s` of `package` as the package's tool would (see [`prepare`]).
fn builds(s: &Submission, package: &Package, build: &Path) -> Result<Program, BuildError> {
    let path = stage::submission(&s.path, &s.shown, package, build).map_err(BuildError::Failed)?;
    compile::build_with(&path, s.entrypoint.as_deref(), build, python_of(package))
}

/// The Python 3 that runs `package`'s Python submissions: PyPy where a Kattis package's
/// tool would use it ([`compile::kattis_python`]), else CPython.
fn python_of(package: &Package) -> &'static str {
    match package.kind {
        crate::judge::format::Kind::Kattis(_) => compile::kattis_python(),
        _ => "python3",
    }
}

/// The accepted submissions of a package that derives its time limit (Kattis without
/// `time_limit`), and the time limit their slowest case gives; `(ms, how it was found)`.
/// For `--tests` on such a package. The limit is kept in the out folder under a hash of
/// what it depends on (problem.yaml, the accepted submissions' files, the cases' names,
/// sizes and times), so that the next `test` of the same package does not run them again.
pub fn derive_time_limit(
    package: &Package,
    o: &Options,
    dirs: &Dirs,
) -> Result<(u64, String), String> {
    let kept =
        dirs.out
            .join("derived")
            .join(format!("{}-{:016x}", package.name, derivation_key(package)));
    if let Some((ms, how)) = fs::read_to_string(&kept).ok().and_then(|t| {
        let (ms, how) = t.trim_end().split_once('\n')?;
        Some((ms.parse::<u64>().ok()?, how.to_string()))
    }) {
        return Ok((
            ms,
            format!("{how}, on an earlier run (kept until `bfs-judge clean`)"),
        ));
    }
    let (ms, how) = derive_afresh(package, o, dirs)?;
    if let Some(parent) = kept.parent() {
        let _ =
            fs::create_dir_all(parent).and_then(|()| fs::write(&kept, format!("{ms}\n{how}\n")));
    }
    Ok((ms, how))
}

/// FNV-1a over what a derived time limit depends on.
fn derivation_key(package: &Package) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    let mut eat = |bytes: &[u8]| {
        for &b in bytes.iter().chain(&[0xff]) {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    };
    let stamp = |p: &std::path::Path| {
        fs::metadata(p).map_or_else(
            |_| "-".to_string(),
            |m| {
                let t = m
                    .modified()
                    .ok()
                    .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok());
                format!("{} {}", m.len(), t.map_or(0, |t| t.as_nanos()))
            },
        )
    };
    if let Some(p) = &package.info_path {
        eat(&fs::read(p).unwrap_or_default());
    }
    for s in package.submissions.iter().filter(|s| s.rule.is_accepted()) {
        eat(s.shown.as_bytes());
        let files: Vec<PathBuf> = if s.path.is_dir() {
            crate::judge::format::files::file_names(&s.path)
                .unwrap_or_default()
                .into_iter()
                .map(|n| s.path.join(n))
                .collect()
        } else {
            vec![s.path.clone()]
        };
        for f in files {
            eat(f.as_os_str().as_encoded_bytes());
            eat(&fs::read(&f).unwrap_or_default());
        }
    }
    for c in &package.cases {
        eat(c.name.as_bytes());
        eat(stamp(&c.input).as_bytes());
        eat(stamp(&c.answer).as_bytes());
    }
    h
}

/// The time limit the slowest case of the accepted submissions gives, found by running them.
fn derive_afresh(package: &Package, o: &Options, dirs: &Dirs) -> Result<(u64, String), String> {
    let Some(timing) = &package.timing else {
        return Err(format!(
            "{}: no time limit, and no rule to derive one: give --time-limit-ms",
            package.root.display()
        ));
    };
    let bench = bench(package, o, dirs)?;
    let accepted = package.submissions.iter().filter(|s| s.rule.is_accepted());
    let mut slowest: Option<(u64, String)> = None;
    for s in accepted {
        let Ok(program) = builds(s, package, &bench.build) else {
            continue;
        };
        let runs = bench.judge(Source::Run(program), deriving_limits(&bench, o), &s.shown)?;
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
    let secs = timing.derive(ms as f64 / 1000.0);
    Ok((
        (secs * 1000.0).round() as u64,
        format!(
            "time limit {} s derived: slowest accepted {} ms ({by}) x {}",
            num(secs),
            ms,
            num(timing.ac_to_time_limit)
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
            warnings: vec![],
            ..package.clone()
        })),
    };
    let out = dirs.out.join("verify").join(&package.name);
    Ok(Bench {
        problem,
        package,
        o,
        dirs: dirs.clone(),
        build: crate::judge::build_dir(&dirs.out),
        out,
    })
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

/// What a submission got, against its rule: the line's verdict text and whether it passes.
fn decide(s: &Submission, runs: &Runs, package: &Package) -> (bool, String) {
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
    let graded = package.grade(&runs.outcomes);
    if let Some(g) = &graded {
        got = format!(
            "{} with score {}{}",
            g.verdict,
            num(g.score),
            match &first_bad {
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
        ));
    }
    for w in &package.submission_warnings {
        eprintln!("judge: warning: {w}");
    }
    let mut subs: Vec<&Submission> = package.submissions.iter().collect();
    if subs.is_empty() {
        return Err(format!(
            "--verify: {}: no submissions found",
            package.root.display()
        ));
    }
    let bench = bench(&package, o, &dirs)?;
    let _ = fs::remove_dir_all(&bench.out);
    // Accepted first: they may set the time limit the others are judged by.
    subs.sort_by_key(|s| !s.rule.is_accepted());
    let fixed = o
        .run
        .time_limit_ms
        .or(package.info.time_limit_ms.map(|ms| test::scaled(ms, o)));
    let factor = o
        .run
        .time_limit_factor
        .map_or(String::new(), |f| format!(" x {f} (--time-limit-factor)"));
    let mut limits = test::limits(&bench.problem, o);
    let check = test::check(&bench.problem, o, &dirs)?;
    let how = match (&check, test::interactor(&bench.problem, o, &dirs)?) {
        (_, Some(i)) => short(&i.describe()),
        (Check::External(c), None) => format!("checker {}", short(&c.describe())),
        (check, None) => check.describe(),
    };
    say!(
        "# verify {}{}: {}{} | {} cases | {} | memory {} MiB | time limit {}",
        package.name,
        if package.title.is_empty() {
            String::new()
        } else {
            format!(" ({})", package.title)
        },
        package.kind.describe(),
        match (&package.kind, python_of(&package)) {
            (crate::judge::format::Kind::Kattis(_), "pypy3") => " | Python 3 by pypy3 (as Kattis)",
            (crate::judge::format::Kind::Kattis(_), _) => {
                " | Python 3 by python3 (pypy3, Kattis' choice, is not installed)"
            }
            _ => "",
        },
        package.cases.len(),
        how,
        limits.memory_kib / 1024,
        match (fixed, package.info.time_limit_ms) {
            (Some(ms), _) if o.run.time_limit_ms.is_some() => format!("{ms} ms (--time-limit-ms)"),
            (Some(ms), Some(own)) if !factor.is_empty() => {
                format!("{ms} ms ({own} ms from the package{factor})")
            }
            (Some(ms), _) => format!("{ms} ms (from the package)"),
            (None, _) if package.timing.is_some() =>
                format!("derived from the accepted submissions{factor}"),
            (None, _) => format!(
                "{} ms (the default{}{factor})",
                limits.time_ms,
                match &package.info_path {
                    Some(f) => format!(": {} gives none", short(&f.display().to_string())),
                    None => String::new(),
                }
            ),
        }
    );
    let mut tally = Tally::default();
    let mut slowest_ac: Option<(u64, String)> = None;
    let mut pending_ac: Vec<(usize, Runs)> = Vec::new();
    let deriving = fixed.is_none() && package.timing.is_some();
    if let Some(ms) = fixed {
        limits.time_ms = ms;
    }
    let mut limit_said = false;
    for (i, s) in subs.iter().enumerate() {
        if let Some(why) = &s.skip {
            say!("SKIP  {:<40} {why}", s.shown);
            tally.skipped += 1;
            continue;
        }
        let built = match s.handed_in {
            // An output-only task's outputs, handed in as a folder: nothing to build.
            true => Ok(Source::HandedIn(s.path.clone())),
            false => builds(s, &package, &bench.build).map(Source::Run),
        };
        let program = match built {
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
        let is_ac = s.rule.is_accepted();
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
                &package,
                (&mut pending_ac, &subs),
                &mut tally,
                o,
            );
            limit_said = true;
        }
        let runs = bench.judge(program, limits, &s.shown)?;
        tally.report(s, &runs, &package);
    }
    if deriving && !limit_said {
        settle(
            &mut limits,
            &slowest_ac,
            &package,
            (&mut pending_ac, &subs),
            &mut tally,
            o,
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
    package: &Package,
    (pending, subs): (&mut Vec<(usize, Runs)>, &[&Submission]),
    tally: &mut Tally,
    o: &Options,
) {
    if let (Some((ms, by)), Some(timing)) = (slowest, &package.timing) {
        let secs = timing.derive(*ms as f64 / 1000.0);
        limits.time_ms = test::scaled((secs * 1000.0).round() as u64, o);
        say!(
            "time limit {} s: slowest accepted case {ms} ms ({by}) x {} (ac_to_time_limit), rounded up to a multiple of {} s{}",
            num(secs),
            num(timing.ac_to_time_limit),
            num(timing.time_resolution),
            o.run.time_limit_factor.map_or(String::new(), |f| format!(
                ", x {f} (--time-limit-factor): {} ms",
                limits.time_ms
            ))
        );
    } else {
        say!(
            "time limit: no accepted submission ran; the others keep the {} ms limit",
            limits.time_ms
        );
    }
    for (i, mut runs) in pending.drain(..) {
        with_limit(&mut runs, limits.time_ms);
        tally.report(subs[i], &runs, package);
    }
}
