//! `--stress`: random inputs, the user's program against a trusted answer, stopping at the
//! first disagreement with everything needed to look at it and to replay it.
//!
//! Two sources of inputs and answers:
//! - ours (`--stress PROBLEM`): our generator, our binary;
//! - the user's (`--stress --gen CMD --brute CMD`): case i runs `CMD SEED+i` (testlib
//!   generators read the seed from their last argument) and the brute force's output is the
//!   expected answer, or the ANSWER given to `--checker-cmd`. When the brute force itself
//!   fails (RE, TLE, MLE, OLE) the run stops and blames it, not the solution.
//!
//! Case i uses seed S+i alone, so `--seed S+i --count 1` replays it; every command printed
//! uses absolute paths (and a `cd` for shell lines), so it runs unchanged from any folder.

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use crate::judge::checker::Checker;
use crate::judge::problem::Problem;
use crate::judge::validator;
use crate::judge::verdict::{self, Verdict};
use crate::modes::args::Options;
use crate::modes::case::{judge_answer, How};
use crate::modes::shrink;
use crate::modes::test;
use crate::run::program::{shell_quote, Program};
use crate::run::sandbox::run_program;
use crate::run::sandbox::Limits;
use crate::say_text;
use crate::show::explain;
use crate::show::report::Progress;
use crate::text::{detail, mib};

/// Our generator's kind and sizes for case `seed` when not given (see `gen --help`): small
/// shapes, where a disagreement is easy to read, and for the `random` layout a density of 0
/// to 45% walls.
fn default_shape(problem: &str, seed: u64, o: &Options) -> (String, Vec<String>) {
    // The generators' own SplitMix64: the sizes drawn for a seed are the same everywhere.
    let mut rng = bfs_judge::gen::Rng::new(seed);
    let mut pick = |lo: u64, hi: u64| (lo + rng.next_u64() % (hi - lo + 1)).to_string();
    let kind = o
        .stress_args
        .kind
        .clone()
        .unwrap_or_else(|| "random".to_string());
    if !o.stress_args.sizes.is_empty() {
        return (kind, o.stress_args.sizes.clone());
    }
    let base = kind.split(',').next().unwrap_or("");
    let mut sizes = match (problem, base) {
        ("swap-game", "all") => vec![],
        ("swap-game", "distance") => vec![pick(1, 20), pick(0, 16)],
        ("swap-game", _) => vec![pick(1, 20)],
        ("pushing-boxes", "corridor") => vec![pick(1, 3), pick(3, 12)],
        ("pushing-boxes", _) => vec![pick(1, 3), pick(1, 8), pick(3, 8)],
        ("chase" | "wave", _) => vec![pick(1, 12), pick(2, 12)],
        _ => vec![pick(1, 12), pick(1, 12)],
    };
    if base == "random" && problem != "swap-game" {
        sizes.push(pick(0, 45));
    }
    (kind, sizes)
}

/// Where inputs and expected answers come from.
enum Oracle {
    Ours { problem: String, ours: Program },
    Own { gen: Program, brute: Program },
}

/// The limits a generator runs under: generous, it is trusted to be quick.
const GEN_LIMITS: Limits = Limits {
    time_ms: 10_000,
    wall_time: false,
    memory_kib: 1 << 20,
    output_bytes: 64 << 20,
    stack_kib: None,
};

/// The files of the case being tried.
struct Files {
    dir: PathBuf,
    input: PathBuf,
    expected: PathBuf,
    expected_err: PathBuf,
    got: PathBuf,
    got_err: PathBuf,
}

impl Files {
    fn new(dir: PathBuf) -> Result<Files, String> {
        fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        // An earlier `--shrink` left a one-case problem folder here; it is not this run's.
        let _ = fs::remove_dir_all(dir.join("tests"));
        let _ = fs::remove_file(dir.join("info.toml"));
        Ok(Files {
            input: dir.join("input.in"),
            expected: dir.join("expected"),
            expected_err: dir.join("expected.stderr"),
            got: dir.join("got"),
            got_err: dir.join("stderr"),
            dir,
        })
    }
}

/// `--stress PROBLEM`: our generator and our binary.
pub fn run(o: &Options, name: &str) -> Result<bool, String> {
    let dirs = o.dirs();
    let p = Problem::open(&dirs.problems, name)?;
    let oracle = Oracle::Ours {
        problem: name.to_string(),
        ours: p.ours(&dirs.bin)?,
    };
    let checker = test::checker(&p, o, &dirs)?;
    stress(
        o,
        &p,
        oracle,
        checker,
        Files::new(dirs.out.join("stress").join(name))?,
    )
}

/// `--stress --gen CMD --brute CMD`: the user's generator and brute force.
pub fn run_own(o: &Options) -> Result<bool, String> {
    let (Some(gen), Some(brute)) = (&o.stress_args.gen, &o.stress_args.brute) else {
        return Err(
            "--stress without a PROBLEM of ours needs --gen CMD and --brute CMD".to_string(),
        );
    };
    let dirs = o.dirs();
    let p = match o.run.tests.as_slice() {
        [dir] => Problem::from_tests_dir(dir)?,
        // Limits as the suite takes them: from the current folder's info.toml (or its
        // parent's), else the defaults; the options win.
        [] => Problem::from_tests_dir(&std::env::current_dir().map_err(|e| e.to_string())?)?,
        _ => return Err("--stress takes one --tests folder".to_string()),
    };
    let runnable = |what: &str, cmd: &str| {
        let program = Program::from_cmd(cmd).absolutized();
        program
            .check_runnable()
            .map(|()| program)
            .map_err(|e| format!("--{what}: {e}"))
    };
    let oracle = Oracle::Own {
        gen: runnable("gen", gen)?,
        brute: runnable("brute", brute)?,
    };
    let checker = test::checker(&p, o, &dirs)?;
    // Under a folder named by the hash of the tests folder's path, so that two folders of the
    // same name never share one, and the shrunk case's folder keeps the problem's name.
    let files = Files::new(dirs.out.join("stress").join(p.path_hash()).join(&p.name))?;
    stress(o, &p, oracle, checker, files)
}

fn stress(
    o: &Options,
    p: &Problem,
    oracle: Oracle,
    checker: Option<Checker>,
    f: Files,
) -> Result<bool, String> {
    let candidate = test::program(p, o, &o.dirs())?.absolutized();
    let comparison = test::comparison(p, o);
    let validators = validators(p, o)?;
    let limits = test::limits(p, o);
    let args = o.extra_args();
    let seed0 = o.stress_args.seed.unwrap_or_else(|| {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(1, |d| d.as_secs() % 1_000_000_000)
    });
    let against = match &oracle {
        Oracle::Ours { ours, .. } => ours.describe(),
        Oracle::Own { brute, .. } => format!("the brute force {}", brute.describe()),
    };
    let source = match &p.info_path {
        Some(path) => format!("from {}", crate::text::short(&path.display().to_string())),
        None => "defaults".to_string(),
    };
    say_text!(
        "# stress {}: {} against {against} | {} cases from seed {seed0} | limits {} ({source} and options) | {} | {}",
        p.name,
        candidate.describe(),
        o.stress_args.count,
        crate::show::report::limits_text(&limits),
        match &checker {
            Some(c) => format!("checker {}", c.describe()),
            None => "exact".to_string(),
        },
        crate::show::report::ACCOUNTING,
    );
    for v in &validators {
        say_text!("  inputs must pass: {}", v.describe());
    }
    let show = explain::Show::new(&p.name, p.info.checker, o.verdicts.window());
    let mut progress = Progress::new();
    for i in 0..o.stress_args.count {
        let seed = seed0.wrapping_add(i);
        let gen_line = generate(&oracle, o, seed, &f.input)?;
        let expected_by = match &oracle {
            Oracle::Ours { ours, .. } => ours,
            Oracle::Own { brute, .. } => brute,
        };
        let reference = run_program(
            expected_by,
            &args,
            Some(&f.input),
            &f.expected,
            &f.expected_err,
            limits,
        )?;
        if let Some((v, why)) = verdict::of_run(&reference, &limits, 0)? {
            progress.clear();
            return blame_the_reference(&oracle, seed, v, &why, &f);
        }
        let r = run_program(
            &candidate,
            &args,
            Some(&f.input),
            &f.got,
            &f.got_err,
            limits,
        )?;
        let (verdict, lines) = match verdict::of_run(&r, &limits, 0)? {
            Some((v, why)) => {
                let mut lines = vec![detail(&why)];
                if v == Verdict::Re {
                    lines.extend(verdict::stderr_line(
                        &fs::read(&f.got_err).unwrap_or_default(),
                    ));
                }
                (v, lines)
            }
            None => {
                let how = How {
                    checker: checker.as_ref(),
                    comparison: &comparison,
                    checker_args: &[],
                    show: Some(&show),
                    diff: o.verdicts.diff,
                };
                let case = f.dir.join("case");
                let j = judge_answer(&f.input, &f.got, &f.expected, &how, &case, &case)?;
                (j.verdict, j.lines)
            }
        };
        progress.update(
            i as usize + 1,
            o.stress_args.count as usize,
            &format!("seed {seed}"),
        );
        let detail: Vec<&str> = lines.iter().map(|l| l.trim_start()).collect();
        crate::say_json!({
            "mode": "stress", "problem": p.name, "case": i + 1, "seed": seed,
            "verdict": verdict.name(), "wall_ms": r.wall_ms, "cpu_ms": r.cpu_ms,
            "peak_rss_kib": r.peak_kib, "detail": detail.join("\n"),
        });
        if verdict != Verdict::Ac {
            progress.clear();
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
            if verdict == Verdict::Wa {
                let base = f.dir.join("input");
                lines.extend(explain::pictures(
                    &show,
                    "input",
                    &base,
                    &f.input,
                    &f.got,
                    &f.expected,
                ));
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
            if let Some(tests) = o.run.tests.first().filter(|_| {
                p.layout
                    .as_ref()
                    .is_some_and(|l| l.kind == crate::judge::layout::Kind::Flat)
            }) {
                say_text!("  added as:   {}", save_as_test(tests, seed, &f)?);
            }
            say_text!("  input from: {gen_line}");
            let trial = shrink::Trial {
                problem: &p.name,
                ours: expected_by,
                candidate: &candidate,
                checker: checker.as_ref(),
                comparison: &comparison,
                validators: &validators,
                explain: show.problem.is_some(),
                args: &args,
                limits,
                dir: &f.dir,
            };
            let shrunk = shrink::after_stress(o, p, &trial, &f.input)?;
            let again = shrunk.unwrap_or_else(|| reproduce(o, &oracle, &candidate, seed, &checker));
            say_text!("  reproduce:  {again}");
            say_text!("{i} passed, 1 failed");
            crate::say_json!({
                "summary": true, "mode": "stress", "passed": i, "failed": 1, "seed": seed,
                "input": f.input.display().to_string(),
                "expected": f.expected.display().to_string(),
                "got": f.got.display().to_string(),
                "input_from": gen_line, "reproduce": again,
            });
            return Ok(false);
        }
    }
    progress.clear();
    say_text!("{} passed, 0 failed", o.stress_args.count);
    crate::say_json!({ "summary": true, "mode": "stress", "passed": o.stress_args.count, "failed": 0 });
    Ok(true)
}

/// The input validators shrinking keeps to: `--validator`, and the package's own (a Kattis
/// package's input validators, Library Checker's verifier) when `--tests` names one.
fn validators(p: &Problem, o: &Options) -> Result<Vec<validator::InputValidator>, String> {
    let mut v = Vec::new();
    if let Some(cmd) = &o.stress_args.validator {
        v.push(validator::from_cmd(cmd)?);
    }
    if let Some(layout) = &p.layout {
        let mut skipped = Vec::new();
        v.extend(validator::of_package(
            layout,
            &validator::build_dir(&o.dirs().out),
            &mut skipped,
        )?);
        for s in skipped {
            eprintln!("judge: warning: input validator not used: {s}");
        }
    }
    Ok(v)
}

/// Makes case `seed`'s input; returns the command that makes it again.
fn generate(oracle: &Oracle, o: &Options, seed: u64, input: &Path) -> Result<String, String> {
    match oracle {
        Oracle::Ours { problem, .. } => {
            let (kind, sizes) = default_shape(problem, seed, o);
            let numbers = sizes
                .iter()
                .map(|s| {
                    s.parse::<u64>()
                        .map_err(|_| format!("--size: bad size `{s}`"))
                })
                .collect::<Result<Vec<u64>, String>>()?;
            let made = bfs_judge::gen::generate(problem, &kind, &numbers, seed)
                .map_err(|e| format!("gen {problem} {kind} {}: {e}", sizes.join(" ")))?;
            fs::write(input, made).map_err(|e| format!("{}: {e}", input.display()))?;
            Ok(crate::modes::gen::command_line(
                problem, &kind, &sizes, seed,
            ))
        }
        Oracle::Own { gen, .. } => {
            let seed_arg = [seed.to_string()];
            let err = input.with_extension("gen.stderr");
            let run = run_program(gen, &seed_arg, None, input, &err, GEN_LIMITS)?;
            if let Some((v, why)) = verdict::of_run(&run, &GEN_LIMITS, 0)? {
                let last = verdict::stderr_line(&fs::read(&err).unwrap_or_default());
                return Err(format!(
                    "the generator `{}` failed on seed {seed}: {} {why}{}",
                    gen.describe(),
                    v.name(),
                    last.map(|l| format!(" ({})", l.trim())).unwrap_or_default()
                ));
            }
            Ok(crate::run::program::with_cd(
                &[gen],
                format!("{} {seed}", gen.command_line()),
            ))
        }
    }
}

/// The reference (our binary or the user's brute force) failed: stop, and say whose fault
/// it is.
fn blame_the_reference(
    oracle: &Oracle,
    seed: u64,
    v: Verdict,
    why: &str,
    f: &Files,
) -> Result<bool, String> {
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
    say_text!("{} from {who} on seed {seed}: {why}", v.name());
    if let Some(l) = verdict::stderr_line(&fs::read(&f.expected_err).unwrap_or_default()) {
        say_text!("{l}");
    }
    say_text!("  input:      {}", f.input.display());
    Err(format!(
        "{who} failed ({}) on seed {seed}: {blame}; its input is {}",
        v.name(),
        f.input.display()
    ))
}

/// Copies the failing case into the user's `--tests` folder as `stress-SEED.in` and `.out`
/// (the expected answer), so that it stays a regression test.
fn save_as_test(tests: &Path, seed: u64, f: &Files) -> Result<String, String> {
    let stem = tests.join(format!("stress-{seed}"));
    let (input, answer) = (stem.with_extension("in"), stem.with_extension("out"));
    fs::copy(&f.input, &input).map_err(|e| format!("{}: {e}", input.display()))?;
    fs::copy(&f.expected, &answer).map_err(|e| format!("{}: {e}", answer.display()))?;
    let input = std::path::absolute(&input).unwrap_or(input);
    Ok(format!("{} (+ .out, the expected answer)", input.display()))
}

/// The `scripts/judge` command that replays case `seed` alone, from any folder.
fn reproduce(
    o: &Options,
    oracle: &Oracle,
    candidate: &Program,
    seed: u64,
    checker: &Option<Checker>,
) -> String {
    let judge = o.dirs().root.join("scripts/judge");
    let mut again = shell_quote(&judge.display().to_string());
    let mut programs = vec![candidate];
    match oracle {
        Oracle::Ours { problem, .. } => {
            let _ = write!(again, " --stress {problem}");
        }
        Oracle::Own { gen, brute } => {
            let _ = write!(
                again,
                " --stress --gen {} --brute {}",
                shell_quote(&gen.command_line()),
                shell_quote(&brute.command_line())
            );
            programs.extend([gen, brute]);
        }
    }
    if let Some(c) = checker
        .as_ref()
        .filter(|_| o.verdicts.checker_cmd.is_some())
    {
        let _ = write!(
            again,
            " --checker-cmd {}",
            shell_quote(&c.program.absolutized().command_line())
        );
        programs.push(&c.program);
    }
    match &o.run.cmd {
        Some(_) => {
            let _ = write!(again, " --cmd {}", shell_quote(&candidate.command_line()));
        }
        None => again.push_str(" --bundle"),
    }
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
    ] {
        if let Some(v) = value {
            let _ = write!(again, " {flag} {v}");
        }
    }
    crate::run::program::with_cd(&programs, again)
}
