//! `--stress`: random inputs, the user's program against a trusted answer, stopping at the
//! first disagreement with everything needed to look at it and to replay it.
//!
//! Two sources of inputs and answers:
//! - ours (`--stress PROBLEM`): our generator, our binary;
//! - the user's (`--stress --gen CMD --brute CMD`): case i runs `CMD SEED+i` (testlib
//!   generators read the seed from their last argument) and the brute force's output is the
//!   expected answer, or the ANSWER given to `--checker-cmd`. When the brute force itself
//!   fails (RE, TLE, MLE, OLE) the run stops and blames it, not the solution, once. It runs
//!   under its own time limit, `--brute-time-limit-ms` (5 times the program's unless given),
//!   and the generator under `--gen-time-limit-ms` (10 s).
//!
//! `-j N` tries N consecutive seeds at once, each in a slot folder of its own; the first
//! failing seed in order is reported (the one `-j 1` would find), its files moved to where
//! the report names them.
//!
//! Case i uses seed S+i alone, so `--seed S+i --count 1` replays it; every command printed
//! uses absolute paths (and a `cd` for shell lines), so it runs unchanged from any folder.

pub mod shrink;

use crate::session::stress::{brute_limits, Env, Files, Oracle, Tried, BRUTE_TIME_FACTOR};

use std::fmt::Write as _;
use std::fs;
use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

use crate::args::Options;
use crate::judge::check::Check;
use crate::judge::input_validator;
use crate::judge::problem::Problem;
use crate::judge::verdict::{self, Verdict};
use crate::run::program::{shell_quote, Program};
use crate::say_text;
use crate::session::source::source_in;
use crate::session::target;
use crate::session::SetupError;
use crate::show::report::{self, Progress};
use crate::text::mib;

/// `--stress PROBLEM`: our generator and our binary.
pub fn run(o: &Options, name: &str) -> Result<bool, SetupError> {
    let dirs = o.dirs();
    let p = Problem::open(&dirs.problems, name)?;
    let oracle = Oracle::Ours {
        problem: name.to_string(),
        ours: p.ours(&dirs.bin)?,
    };
    let check = target::check(&p, o, &dirs)?;
    stress(
        o,
        &p,
        oracle,
        check,
        Files::new(dirs.out.join("stress").join(name))?,
    )
}

/// `--stress --gen CMD --brute CMD`: the user's generator and brute force.
pub fn run_own(o: &Options) -> Result<bool, SetupError> {
    let (Some(gen), Some(brute)) = (&o.stress_args.gen, &o.stress_args.brute) else {
        return Err(
            "--stress without a PROBLEM of ours needs --gen CMD and --brute CMD"
                .to_string()
                .into(),
        );
    };
    let dirs = o.dirs();
    let p = match o.run.tests.as_slice() {
        [dir] => Problem::from_tests_dir(dir)?,
        // Limits as the suite takes them: from the current folder's info.toml (or its
        // parent's), else the defaults; the options win.
        [] => Problem::from_tests_dir(&std::env::current_dir().map_err(|e| e.to_string())?)?,
        _ => return Err("--stress takes one --tests folder".to_string().into()),
    };
    // A source file (`--brute brute.py`) is built by its extension.
    let runnable = crate::session::source::helper;
    let oracle = Oracle::Own {
        gen: runnable("gen", gen)?,
        brute: runnable("brute", brute)?,
    };
    let check = target::check(&p, o, &dirs)?;
    // Under a folder named by the hash of the tests folder's path, so that two folders of the
    // same name never share one, and the shrunk case's folder keeps the problem's name.
    let files = Files::new(dirs.out.join("stress").join(p.path_hash()).join(&p.name))?;
    stress(o, &p, oracle, check, files)
}

fn stress(
    o: &Options,
    p: &Problem,
    oracle: Oracle,
    check: Check,
    f: Files,
) -> Result<bool, SetupError> {
    let candidate = target::program(p, o, &o.dirs())?.absolutized();
    let validators = validators(p, o)?;
    let limits = target::limits(p, o);
    let args = o.extra_args();
    let seed0 = o.stress_args.seed.unwrap_or_else(|| {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(1, |d| d.as_secs() % 1_000_000_000)
    });
    let explain = crate::ours::explain::explainer(p, o.verdicts.window());
    let mut progress = Progress::new();
    let reference_limits = brute_limits(o, limits);
    let expected_by = match &oracle {
        Oracle::Ours { ours, .. } => ours,
        Oracle::Own { brute, .. } => brute,
    };
    let env = Env {
        o,
        oracle: &oracle,
        expected_by,
        candidate: &candidate,
        check: &check,
        explain: explain.as_deref(),
        validators: &validators,
        args: &args,
        limits,
        reference_limits,
    };
    say_header(&env, p, seed0);
    // `-j N`: N consecutive seeds at a time, each in its own slot folder; the report is the
    // first failing seed's, in order, so that it is the one `-j 1` finds.
    let jobs = (o.verdicts.jobs as u64).max(1);
    let slots: Vec<Files> = (0..jobs as usize)
        .map(|k| f.slot(k))
        .collect::<Result<_, _>>()?;
    let count = o.stress_args.count;
    let mut i = 0;
    while i < count {
        let batch: Vec<u64> = (i..count.min(i + jobs)).collect();
        let tried: Vec<Result<Tried, SetupError>> = std::thread::scope(|s| {
            let handles: Vec<_> = batch
                .iter()
                .zip(&slots)
                .map(|(&i, slot)| {
                    let env = &env;
                    s.spawn(move || {
                        let tried = env.try_seed(seed0.wrapping_add(i), slot);
                        crate::run::sandbox::release();
                        tried
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| {
                    h.join()
                        .unwrap_or_else(|_| Err("a stress job panicked".into()))
                })
                .collect()
        });
        for ((&i, tried), slot) in batch.iter().zip(tried).zip(&slots) {
            let seed = seed0.wrapping_add(i);
            let tried = tried?;
            let (r, verdict, lines, gen_line) = match tried {
                Tried::ReferenceFailed(v, why) => {
                    progress.clear();
                    f.take(slot)?;
                    return Err(blame_the_reference(&oracle, seed, v, &why, &f, o).into());
                }
                Tried::Judged(r, verdict, lines, gen_line) => (r, verdict, lines, gen_line),
            };
            progress.update(i as usize + 1, count as usize, &format!("seed {seed}"));
            crate::say_json!({
                "mode": "stress", "problem": p.name, "case": i + 1, "seed": seed,
                "verdict": verdict.name(), "wall_ms": r.wall_ms, "cpu_ms": r.cpu_ms,
                "peak_rss_kib": r.peak_kib,
                "detail": crate::show::report::json_detail(&lines),
            });
            if verdict == Verdict::Ac {
                continue;
            }
            progress.clear();
            f.take(slot)?;
            let _ = fs::remove_dir_all(f.dir.join("slots"));
            return report_failure(&env, p, &f, i, seed, (r, verdict, lines), &gen_line);
        }
        i += batch.len() as u64;
    }
    let _ = fs::remove_dir_all(f.dir.join("slots"));
    progress.clear();
    say_text!("{} passed, 0 failed", o.stress_args.count);
    crate::say_json!({ "summary": true, "mode": "stress", "passed": o.stress_args.count, "failed": 0 });
    Ok(true)
}

/// The run's header: what is compared against what, on how many cases from which seed, under
/// which limits, judged how, in which isolation, and what every input must pass; one line
/// of a wide terminal, with -v in full (where the limits came from, the wall backstop and
/// output limit, how the figures are measured, what the isolation enforces).
fn say_header(env: &Env<'_>, p: &Problem, seed0: u64) {
    let (o, oracle, candidate) = (env.o, env.oracle, env.candidate);
    let (check, validators, limits) = (env.check, env.validators, &env.limits);
    // Our binary by its path with -v; by the problem's name in the short header (an
    // installed judge's path to the checkout is long).
    let against = match oracle {
        Oracle::Ours { ours, .. } if o.run.sandbox.verbose => ours.describe(),
        Oracle::Ours { problem, .. } => format!("our {problem}"),
        Oracle::Own { brute, .. } => format!("the brute force {}", brute.describe()),
    };
    let check = match check {
        Check::External(c) => format!("checker {}", c.describe()),
        _ => "exact".to_string(),
    };
    // Paths under the current folder as the user names them (shorter lines).
    let head = crate::text::short(&format!(
        "# stress {}: {} against {against} | {} cases from seed {seed0}",
        p.name,
        candidate.describe(),
        o.stress_args.count,
    ));
    if o.run.sandbox.verbose {
        let source = match &p.info_path {
            Some(path) => format!("from {}", crate::text::short(&path.display().to_string())),
            None => "defaults".to_string(),
        };
        say_text!(
            "{head} | limits {} ({source} and options) | {check} | {} | {}",
            report::limits_text(limits),
            report::ACCOUNTING,
            report::isolation_text(),
        );
    } else {
        say_text!(
            "{head} | limits {} | {check} | {}",
            report::limits_brief(limits),
            report::isolation_brief(),
        );
    }
    for v in validators {
        say_text!("  inputs must pass: {}", v.describe());
    }
}

/// Prints the failing case `i` (seed `seed`): its verdict, detail and pictures, its files,
/// the shrunk case, and the command that reproduces it.
fn report_failure(
    env: &Env<'_>,
    p: &Problem,
    f: &Files,
    i: u64,
    seed: u64,
    (r, verdict, lines): (crate::run::spec::Run, Verdict, Vec<String>),
    gen_line: &str,
) -> Result<bool, SetupError> {
    let o = env.o;
    say_text!(
        "{} on case {} of {} (seed {seed}): {} ms cpu, {} ms wall, {}",
        crate::show::style::verdict(verdict, verdict.name()),
        i + 1,
        o.stress_args.count,
        r.cpu_ms,
        r.wall_ms,
        mib(r.peak_kib)
    );
    let mut lines = lines;
    if let Some(explain) = env.explain.filter(|_| verdict == Verdict::Wa) {
        let base = f.dir.join("input");
        lines.extend(explain.pictures("input", &base, &f.input, &f.got, &f.expected));
    }
    for l in lines {
        say_text!("{l}");
    }
    let shown = |p: &Path| p.display().to_string();
    say_text!("  input:      {}", shown(&f.input));
    say_text!("  expected:   {}", shown(&f.expected));
    say_text!(
        "  got:        {} (stderr: {})",
        shown(&f.got),
        shown(&f.got_err)
    );
    if let Some(tests) = o
        .run
        .tests
        .first()
        .filter(|_| p.kind == crate::judge::format::Kind::Flat)
    {
        say_text!("  added as:   {}", save_as_test(tests, seed, f)?);
    }
    say_text!("  input from: {gen_line}");
    let trial = shrink::Trial {
        ours: env.expected_by,
        candidate: env.candidate,
        check: env.check,
        validators: env.validators,
        explain: env.explain,
        args: env.args,
        limits: env.limits,
        dir: &f.dir,
    };
    let shrunk = shrink::after_stress(o, p, &trial, &f.input)?;
    let again = shrunk.unwrap_or_else(|| reproduce(o, env.oracle, env.candidate, seed, env.check));
    say_text!("  reproduce:  {again}");
    say_text!("{i} passed, 1 failed");
    crate::say_json!({
        "summary": true, "mode": "stress", "passed": i, "failed": 1, "seed": seed,
        "input": f.input.display().to_string(),
        "expected": f.expected.display().to_string(),
        "got": f.got.display().to_string(),
        "input_from": gen_line, "reproduce": again,
    });
    Ok(false)
}

/// The input validators shrinking keeps to: `--validator`, and the package's own (a Kattis
/// package's input validators, Library Checker's verifier) when `--tests` names one.
fn validators(
    p: &Problem,
    o: &Options,
) -> Result<Vec<input_validator::InputValidator>, SetupError> {
    let mut v = Vec::new();
    if let Some(cmd) = &o.stress_args.validator {
        v.push(input_validator::from_cmd(cmd)?);
    }
    let mut skipped = Vec::new();
    v.extend(input_validator::of_package(
        p,
        &crate::judge::build_dir(&o.dirs().out),
        &mut skipped,
    )?);
    for s in skipped {
        eprintln!("judge: warning: input validator not used: {s}");
    }
    Ok(v)
}

/// The reference (our binary or the user's brute force) failed: the run stops with one
/// message (a setup error, exit code 2) that says whose fault it is, why, its last stderr
/// line, the option that sets its time limit, and where its input is.
fn blame_the_reference(
    oracle: &Oracle,
    seed: u64,
    v: Verdict,
    why: &str,
    f: &Files,
    o: &Options,
) -> String {
    let (who, blame) = match oracle {
        Oracle::Ours { ours, .. } => (
            format!("our own binary {}", ours.describe()),
            "a bug of ours, not of your solution",
        ),
        Oracle::Own { brute, .. } => (
            format!("the brute force `{}`", brute.describe()),
            "the brute force is blamed, not your solution",
        ),
    };
    let stderr = verdict::stderr_line(&fs::read(&f.expected_err).unwrap_or_default())
        .map(|l| format!(" ({})", l.trim()))
        .unwrap_or_default();
    let limit = match (v, o.stress_args.brute_time_limit_ms) {
        (Verdict::Tle, None) => format!(
            "; its time limit is {BRUTE_TIME_FACTOR} times the program's unless \
             --brute-time-limit-ms says otherwise"
        ),
        _ => String::new(),
    };
    format!(
        "{who} failed on seed {seed}: {} {why}{stderr}: {blame}{limit}; its input is {}",
        v.name(),
        f.input.display()
    )
}

/// Copies the failing case into the user's `--tests` folder as `stress-SEED.in` and `.out`
/// (the expected answer), so that it stays a regression test.
fn save_as_test(tests: &Path, seed: u64, f: &Files) -> Result<String, SetupError> {
    let stem = tests.join(format!("stress-{seed}"));
    let (input, answer) = (stem.with_extension("in"), stem.with_extension("out"));
    fs::copy(&f.input, &input).map_err(|e| format!("{}: {e}", input.display()))?;
    fs::copy(&f.expected, &answer).map_err(|e| format!("{}: {e}", answer.display()))?;
    let input = std::path::absolute(&input).unwrap_or(input);
    Ok(format!("{} (+ .out, the expected answer)", input.display()))
}

/// The candidate as a printed command names it: ` --cmd SOURCE` for a source file, by the name
/// the user gave it (`--cmd main.cpp`), not its build in the cache, so that the line builds
/// it again (from the cache) and judges the source as it is then; ` --cmd COMMAND` for a
/// command; ` --bundle` without `--cmd`. The source, when one is named.
fn candidate_words<'a>(o: &'a Options, candidate: &Program) -> (String, Option<&'a str>) {
    match (&o.run.cmd, &o.run.built) {
        (Some(src), Some(_)) => (format!(" --cmd {}", shell_quote(src)), Some(src)),
        (Some(_), None) => (
            format!(" --cmd {}", shell_quote(&candidate.command_line())),
            None,
        ),
        (None, _) => (" --bundle".to_string(), None),
    }
}

/// The command that replays case `seed` alone, from any folder, as the judge was invoked
/// (`bfs-judge stress ...`, or `<checkout>/scripts/judge --stress ...`).
fn reproduce(
    o: &Options,
    oracle: &Oracle,
    candidate: &Program,
    seed: u64,
    check: &Check,
) -> String {
    let mut again = o.command_for("stress");
    let mut programs = vec![candidate];
    // Source files named as given, relative to the current folder.
    let mut sources: Vec<&str> = Vec::new();
    match oracle {
        Oracle::Ours { problem, .. } => {
            let _ = write!(again, " {problem}");
        }
        Oracle::Own { gen, brute } => {
            let langs = crate::session::source::langs().unwrap_or_default();
            for (flag, given, program) in [
                ("gen", &o.stress_args.gen, gen),
                ("brute", &o.stress_args.brute, brute),
            ] {
                let named = match given.as_deref().filter(|g| source_in(g, &langs).is_some()) {
                    Some(src) => {
                        sources.push(src);
                        src.to_string()
                    }
                    None => program.command_line(),
                };
                let _ = write!(again, " --{flag} {}", shell_quote(&named));
            }
            programs.extend([gen, brute]);
        }
    }
    if let Some(c) = check
        .external()
        .filter(|_| o.verdicts.checker_cmd.is_some())
    {
        let _ = write!(
            again,
            " --checker-cmd {}",
            shell_quote(&c.program().absolutized().command_line())
        );
        programs.push(c.program());
    }
    let (cmd, source) = candidate_words(o, candidate);
    again.push_str(&cmd);
    sources.extend(source);
    let _ = write!(again, " --seed {seed} --count 1");
    if let Some(tests) = o.run.tests.first() {
        let abs = std::path::absolute(tests).unwrap_or(tests.clone());
        let _ = write!(
            again,
            " --tests {}",
            shell_quote(&abs.display().to_string())
        );
    }
    if let Some(k) = &o.stress_args.kind {
        let _ = write!(again, " --kind {k}");
    }
    if !o.stress_args.sizes.is_empty() {
        let _ = write!(again, " --size {}", o.stress_args.sizes.join(" "));
    }
    if let Some(a) = &o.stress_args.args {
        let _ = write!(again, " --args={}", shell_quote(a));
    }
    for (on, flag) in [
        (o.verdicts.checker, " --checker"),
        (o.run.wall_time, " --wall-time"),
    ] {
        if on {
            again.push_str(flag);
        }
    }
    for (value, flag) in [
        (o.run.time_limit_ms, "--time-limit-ms"),
        (o.run.memory_limit_mib, "--memory-limit-mib"),
        (o.run.output_limit_mib, "--output-limit-mib"),
        (o.stress_args.brute_time_limit_ms, "--brute-time-limit-ms"),
    ] {
        if let Some(v) = value {
            let _ = write!(again, " {flag} {v}");
        }
    }
    // A relative source is found from this folder only: the line starts with a `cd` to it.
    if sources.iter().any(|s| Path::new(s).is_relative()) {
        return crate::run::program::cd_here(again);
    }
    crate::run::program::with_cd(&programs, again)
}
