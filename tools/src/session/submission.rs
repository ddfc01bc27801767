//! A package's own programs, as its judge builds and runs them: a submission (or the user's
//! source, with the package's grader) built as the package's tool would build it, judged on
//! every case of the package its judge would reach ([`Judging`]), and the time limit a
//! package without one derives from its accepted submissions (the slowest case's CPU time,
//! each case's least of [`TIMING_RUNS`] runs where more runs could lower it, by the format's rule, from the submissions run
//! as the format's judge runs them, not on a stand-in interpreter; kept in the out folder so
//! that the next run of the same package does not run them again). Used by `verify` and by `test --tests` on a package that derives its time limit.

use std::fs;
use std::path::{Path, PathBuf};

use crate::args::{Dirs, Options};
use crate::judge::format::stage;
use crate::judge::format::{Package, Submission};
use crate::judge::verdict::{Outcome, Verdict};
use crate::run::compile::{self, BuildError};
use crate::run::program::Program;
use crate::run::spec::Limits;
use crate::session::grade::{self, Source, Target};
use crate::session::target;
use crate::session::SetupError;
use crate::show::report::num;

/// How many times an accepted submission that sets a derived time limit is judged: each
/// case's CPU time is the least of its runs, so that a run slowed by the machine's load does
/// not raise the limit.
pub const TIMING_RUNS: usize = 3;

/// The limit accepted submissions run under while the time limit is derived from them. The
/// spec sets none; a minute of CPU (its default `validation_time`) lets a slow accepted
/// submission set a limit of tens of seconds rather than be cut off at the ceiling.
pub const DERIVING_MS: u64 = 60_000;

/// Everything needed to judge submissions on one package.
pub struct Judging<'a> {
    /// The problem judged: the package, as every mode judges one.
    pub package: &'a Package,
    pub o: &'a Options,
    pub dirs: Dirs,
    /// Where the package's programs are built.
    pub build: PathBuf,
    /// Where each submission's failing cases are kept.
    pub out: PathBuf,
}

/// A submission's cases, judged.
pub struct Runs {
    pub outcomes: Vec<(String, Outcome)>,
    /// The case where the package failed the judge (a validator that crashed or gave an
    /// exit code outside its convention, a checker that could not run), and why; the
    /// submission's later cases are not judged.
    pub error: Option<(String, String)>,
    /// Cases the format's judge would not have judged after a rejection (Kattis'
    /// `on_reject: break`), left out.
    pub not_reached: usize,
}

impl Judging<'_> {
    /// Judges `source` (a submission built, or its outputs handed in) on every case its
    /// format's judge would reach (see [`Package::reached`]) under `limits`, its failing
    /// cases kept under the submission's name `shown`.
    pub fn judge(&self, source: Source, limits: Limits, shown: &str) -> Result<Runs, SetupError> {
        self.judge_some(source, limits, shown, &|_| true)
    }

    /// [`Judging::judge`] on the cases `wanted` names only.
    fn judge_some(
        &self,
        source: Source,
        limits: Limits,
        shown: &str,
        wanted: &dyn Fn(&str) -> bool,
    ) -> Result<Runs, SetupError> {
        let out_dir = self.out.join(shown.replace('/', "__"));
        let _ = fs::remove_dir_all(&out_dir);
        fs::create_dir_all(&out_dir).map_err(|e| format!("{}: {e}", out_dir.display()))?;
        let files = crate::session::grade::FileIo {
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
            check: target::check(self.package, self.o, &self.dirs)?,
            interactor: target::interactor(self.package, self.o, &self.dirs)?,
            diff: self.o.verdicts.diff,
            out_dir,
            explain: None,
            files,
            output_checked_after_run: self.package.info.output_checked_after_run,
        };
        let mut runs = Runs {
            outcomes: Vec::new(),
            error: None,
            not_reached: 0,
        };
        let mut cases = crate::judge::cases::of_package(self.package, 0);
        let _held = crate::judge::cases::hold(&mut cases)?;
        for case in cases.into_iter().filter(|c| wanted(&c.name)) {
            if !self.package.reached(&case.name, &runs.outcomes) {
                runs.not_reached += 1;
                continue;
            }
            match grade::judge_case(&case, &target) {
                Ok(o) => runs.outcomes.push((case.name, o)),
                Err(why) => {
                    runs.error = Some((case.name, why.to_string()));
                    return Ok(runs);
                }
            }
        }
        Ok(runs)
    }
}

impl Judging<'_> {
    /// [`Judging::judge`], then [`TIMING_RUNS`] - 1 runs more of the cases that could be the
    /// slowest (at least half the first run's slowest) and whose further runs could change
    /// something ([`rerun_matters`], asked again after each run), for a submission whose times set a time limit: the
    /// first run's verdicts, each case's least CPU time. A first run that is not accepted
    /// throughout (its lines then fail it) is the answer as it is.
    pub fn judge_timed(
        &self,
        source: Source,
        limits: Limits,
        shown: &str,
    ) -> Result<Runs, SetupError> {
        let mut runs = self.judge(source.clone(), limits, shown)?;
        let accepted = runs.outcomes.iter().all(|(_, o)| o.verdict == Verdict::Ac);
        if runs.error.is_some() || !accepted {
            return Ok(runs);
        }
        let slowest = runs
            .outcomes
            .iter()
            .map(|(_, o)| o.cpu_ms)
            .max()
            .unwrap_or(0);
        let mut candidates: Vec<String> = runs
            .outcomes
            .iter()
            .filter(|(_, o)| {
                o.cpu_ms.saturating_mul(2) >= slowest
                    && rerun_matters(self.package, self.o, o.cpu_ms)
            })
            .map(|(c, _)| c.clone())
            .collect();
        if candidates.is_empty() {
            return Ok(runs);
        }
        for _ in 1..TIMING_RUNS {
            let wanted = |c: &str| candidates.iter().any(|w| w == c);
            let again = self.judge_some(source.clone(), limits, shown, &wanted)?;
            for (case, first) in runs.outcomes.iter_mut() {
                if let Some((_, next)) = again.outcomes.iter().find(|(c, _)| c == case) {
                    first.cpu_ms = first.cpu_ms.min(next.cpu_ms);
                }
            }
            // A case whose least time has come under the least limit is settled.
            candidates.retain(|c| {
                runs.outcomes
                    .iter()
                    .find(|(w, _)| w == c)
                    .is_some_and(|(_, o)| rerun_matters(self.package, self.o, o.cpu_ms))
            });
            if candidates.is_empty() {
                break;
            }
        }
        Ok(runs)
    }
}

/// Whether more runs of an accepted case whose first run took `cpu_ms` of CPU could change
/// what they are for: they can only lower its time (the least of its runs counts), so a case
/// whose first run already gives `package`'s least derived time limit (one `time_resolution`,
/// as problemtools' `Submissions._compute_time_limit` floors it) and is within that least
/// limit as `o` scales it keeps the limit and its verdict whatever they show. problemtools
/// runs every case once; the further runs are ours, against a loaded machine's noise, and
/// are spent only where they can lower the limit. Without a rule to derive a limit, every
/// case may matter.
pub fn rerun_matters(package: &Package, o: &Options, cpu_ms: u64) -> bool {
    let Some(timing) = &package.timing else {
        return true;
    };
    let least = timing.derive(0.0);
    let least_ms = target::scaled((least * 1000.0).round() as u64, o);
    timing.derive(cpu_ms as f64 / 1000.0) > least || cpu_ms > least_ms
}

/// How the slowest accepted case's time of `cpu_ms` was found, for the line that says the
/// derived limit: the least of [`TIMING_RUNS`] runs where further runs could lower the
/// limit; one under the least limit was run until it came under it (once, mostly).
pub fn timed_how(package: &Package, o: &Options, cpu_ms: u64) -> String {
    if rerun_matters(package, o, cpu_ms) {
        format!("least of {TIMING_RUNS} runs")
    } else {
        "a case under the least limit is not run again".to_string()
    }
}

/// The reference interpreter `s`'s format runs it with, where that is missing here and a
/// stand-in runs it: a Kattis package's Python 3 runs on PyPy (problemtools'
/// languages.yaml), and where only CPython is installed its times, several times slower,
/// must not set a derived time limit.
pub fn missing_interpreter(s: &Submission, package: &Package) -> Option<&'static str> {
    let kattis = matches!(package.kind, crate::judge::format::Kind::Kattis(_));
    (kattis && python_of(package) != "pypy3" && is_python(s)).then_some("pypy3")
}

/// Whether `s` is Python: a `.py` file, or a folder that starts from one (or holds one).
fn is_python(s: &Submission) -> bool {
    let langs = crate::run::lang::Langs::defaults();
    let python = |p: &Path| langs.of(p).is_some_and(|l| l.key == "python");
    if !s.path.is_dir() {
        return python(&s.path);
    }
    match &s.entrypoint {
        Some(e) => python(Path::new(e)),
        None => crate::judge::format::files::file_names(&s.path)
            .unwrap_or_default()
            .iter()
            .any(|n| python(Path::new(n))),
    }
}

/// The refusal to derive a time limit when every accepted submission that could set it runs
/// on a stand-in for `missing` (see [`missing_interpreter`]).
pub fn refuse_stand_ins(package: &Package, missing: &str) -> SetupError {
    format!(
        "{}: no time_limit, and the accepted submissions that would derive it are Python 3, \
         which Kattis runs with {missing}; {missing} is not installed here, and CPython's \
         times would set a limit several times too high: install it (Debian/Ubuntu: sudo \
         apt-get install {missing}) or give --time-limit-ms",
        package.root.display()
    )
    .into()
}

/// Rejudges `runs` against a time limit found after they ran: a case over it is TLE, and
/// the cases `package`'s judge would then not have reached are left out.
pub fn with_limit(runs: &mut Runs, limit_ms: u64, package: &Package) {
    let mut kept: Vec<(String, Outcome)> = Vec::new();
    for (case, mut o) in std::mem::take(&mut runs.outcomes) {
        if !package.reached(&case, &kept) {
            runs.not_reached += 1;
            continue;
        }
        if o.verdict == Verdict::Ac && o.cpu_ms > limit_ms {
            o.verdict = Verdict::Tle;
        }
        kept.push((case, o));
    }
    runs.outcomes = kept;
}

/// Builds the user's own source `src` as `package`'s submissions are built, with its grader
/// (`test --tests PKG main.cpp` on a CMS task); the error is the compiler's message.
pub fn with_grader(src: &Path, package: &Package, build: &Path) -> Result<Program, SetupError> {
    let s = Submission::new(
        format!("yours__{}", src.display()),
        src.to_path_buf(),
        crate::judge::format::Rule::new("any", &[], &[]),
        crate::judge::format::Names::Ours,
    );
    Ok(builds(&s, package, build).map_err(|e| match e {
        BuildError::Failed(why) | BuildError::Unsupported(why) => why,
    })?)
}

/// Builds submission `s` of `package` as the package's tool would (see [`prepare`]).
pub fn builds(s: &Submission, package: &Package, build: &Path) -> Result<Program, BuildError> {
    let c_family = matches!(stage::language_code(&s.path), Some("c" | "cpp"));
    if package.signature.is_some() && (s.path.is_dir() || !c_family) {
        return Err(BuildError::Unsupported(
            "a DMOJ signature grader takes one C or C++ source (DMOJ's signature-gradable \
             languages)"
                .to_string(),
        ));
    }
    let path = stage::submission(&s.path, &s.shown, package, build)
        .map_err(|e| BuildError::Failed(e.to_string()))?;
    let langs = compile::Langs::defaults()
        .with_python(python_of(package))
        .built_by(package.kind.judge());
    compile::build_with(&path, s.entrypoint.as_deref(), build, &langs)
}

/// The Python 3 that runs `package`'s Python submissions: PyPy where a Kattis package's
/// tool would use it ([`compile::kattis_python`]), else CPython.
pub fn python_of(package: &Package) -> &'static str {
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
) -> Result<(u64, String), SetupError> {
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
    let mut h = crate::run::hash::Fnv1a::new();
    let mut eat = |bytes: &[u8]| {
        for &b in bytes.iter().chain(&[0xff]) {
            h.byte(b);
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
    // Installing PyPy changes which submissions may set the limit.
    eat(python_of(package).as_bytes());
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
    h.value()
}

/// The time limit the slowest case of the accepted submissions gives, found by running them.
fn derive_afresh(package: &Package, o: &Options, dirs: &Dirs) -> Result<(u64, String), SetupError> {
    let Some(timing) = &package.timing else {
        return Err(format!(
            "{}: no time limit, and no rule to derive one: give --time-limit-ms",
            package.root.display()
        )
        .into());
    };
    let bench = judging(package, o, dirs)?;
    let accepted = package.submissions.iter().filter(|s| s.rule.is_accepted());
    let mut slowest: Option<(u64, String)> = None;
    let mut stand_in = None;
    for s in accepted {
        if let Some(missing) = missing_interpreter(s, package) {
            stand_in = Some(missing);
            continue;
        }
        let Ok(program) = builds(s, package, &bench.build) else {
            continue;
        };
        let limits = deriving_limits(&bench, o);
        let runs = bench.judge_timed(Source::Run(program), limits, &s.shown)?;
        for (_, out) in &runs.outcomes {
            if slowest.as_ref().is_none_or(|(ms, _)| out.cpu_ms > *ms) {
                slowest = Some((out.cpu_ms, s.shown.clone()));
            }
        }
    }
    let Some((ms, by)) = slowest else {
        if let Some(missing) = stand_in {
            return Err(refuse_stand_ins(package, missing));
        }
        return Err(format!(
            "{}: problem.yaml has no time_limit and no accepted submission could be built to \
             derive it: give --time-limit-ms",
            package.root.display()
        )
        .into());
    };
    let secs = timing.derive(ms as f64 / 1000.0);
    Ok((
        (secs * 1000.0).round() as u64,
        format!(
            "time limit {} s derived: slowest accepted {} ms ({by}, {}) x {}{}",
            num(secs),
            ms,
            timed_how(package, o, ms),
            num(timing.ac_to_time_limit),
            stand_in.map_or(String::new(), |m| format!(
                "; Python 3 submissions not counted ({m}, Kattis' interpreter, is not installed)"
            ))
        ),
    ))
}

fn deriving_limits(bench: &Judging<'_>, o: &Options) -> Limits {
    let mut l = target::limits(bench.package, o);
    l.time_ms = DERIVING_MS;
    l
}

/// How `package`'s programs are judged with `o`, in the out folder of `dirs`.
pub fn judging<'a>(
    package: &'a Package,
    o: &'a Options,
    dirs: &Dirs,
) -> Result<Judging<'a>, SetupError> {
    let out = dirs.out.join("verify").join(&package.name);
    Ok(Judging {
        package,
        o,
        dirs: dirs.clone(),
        build: crate::judge::build_dir(&dirs.out),
        out,
    })
}
