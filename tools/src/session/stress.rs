//! The machinery of a stress run, shared by `stress` and the panel's stress: where inputs
//! and expected answers come from ([`Oracle`]: our generator and binary, or the user's
//! generator and brute force), the limits each runs under, the files of the case being
//! tried ([`Files`]), and one seed tried ([`Env::try_seed`]: the input made, the reference
//! and the candidate run, the candidate's answer judged). What a mode does with a failure
//! (report it, shrink it, save it) is the mode's. Cost: three runs a seed.

use std::fs;
use std::path::{Path, PathBuf};

use crate::args::Options;
use crate::judge::check::{self, Check};
use crate::judge::explain::Explain;
use crate::judge::input_validator;
use crate::judge::verdict::{self, Verdict};
use crate::ours::Ours;
use crate::run::program::Program;
use crate::run::spec::{run_program, Limits};
use crate::session::grade::judge_answer;
use crate::session::SetupError;
use crate::text::detail;

/// Our generator's kind and sizes for case `seed` when not given (see `gen --help`): the
/// `random` layout, in the small shapes the problem draws for the seed (`Ours::stress_sizes`).
pub fn default_shape(ours: &dyn Ours, seed: u64, o: &Options) -> (String, Vec<String>) {
    let kind = o
        .stress_args
        .kind
        .clone()
        .unwrap_or_else(|| "random".to_string());
    if !o.stress_args.sizes.is_empty() {
        return (kind, o.stress_args.sizes.clone());
    }
    let base = kind.split(',').next().unwrap_or("");
    let sizes = ours.stress_sizes(base, seed);
    (kind, sizes.iter().map(u64::to_string).collect())
}

/// Where inputs and expected answers come from.
pub enum Oracle {
    /// Our generator and our binary.
    Ours { problem: String, ours: Program },
    /// The user's generator (`CMD SEED`) and brute force.
    Own { gen: Program, brute: Program },
}

/// The limits a generator runs under: `--gen-time-limit-ms` (10 s unless given) and
/// generous memory and output, it is trusted to be quick.
pub fn gen_limits(o: &Options) -> Limits {
    Limits {
        time_ms: o.stress_args.gen_time_limit_ms,
        wall_time: false,
        memory_kib: 1 << 20,
        output_bytes: 64 << 20,
        stack_kib: None,
    }
}

/// How many times the time limit the brute force (or our binary) may take by default.
pub const BRUTE_TIME_FACTOR: u64 = 5;

/// The limits the reference runs under: the program's, but `--brute-time-limit-ms` (else
/// [`BRUTE_TIME_FACTOR`] times the program's) for its time.
pub fn brute_limits(o: &Options, limits: Limits) -> Limits {
    let time_ms = o.stress_args.brute_time_limit_ms.unwrap_or_else(|| {
        (limits.time_ms.saturating_mul(BRUTE_TIME_FACTOR))
            .min(crate::judge::problem::MAX_TIME_LIMIT_MS)
    });
    Limits { time_ms, ..limits }
}

/// The files of the case being tried.
pub struct Files {
    pub dir: PathBuf,
    pub input: PathBuf,
    pub expected: PathBuf,
    pub expected_err: PathBuf,
    pub got: PathBuf,
    pub got_err: PathBuf,
}

impl Files {
    pub fn new(dir: PathBuf) -> Result<Files, SetupError> {
        fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        // An earlier `--shrink` left a one-case problem folder here; it is not this run's.
        let _ = fs::remove_dir_all(dir.join("tests"));
        let _ = fs::remove_file(dir.join("info.toml"));
        Ok(Files::at(dir))
    }

    pub fn at(dir: PathBuf) -> Files {
        Files {
            input: dir.join("input.in"),
            expected: dir.join("expected"),
            expected_err: dir.join("expected.stderr"),
            got: dir.join("got"),
            got_err: dir.join("stderr"),
            dir,
        }
    }

    /// The folder of job slot `k` under `-j N`, where its cases are tried.
    pub fn slot(&self, k: usize) -> Result<Files, SetupError> {
        let dir = self.dir.join("slots").join(k.to_string());
        fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        Ok(Files::at(dir))
    }

    /// Moves the failing case's files from `slot` to where the report names them.
    pub fn take(&self, slot: &Files) -> Result<(), SetupError> {
        for (from, to) in [
            (&slot.input, &self.input),
            (&slot.expected, &self.expected),
            (&slot.expected_err, &self.expected_err),
            (&slot.got, &self.got),
            (&slot.got_err, &self.got_err),
        ] {
            match fs::rename(from, to) {
                Ok(()) => {}
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(format!("{}: {e}", to.display()).into()),
            }
        }
        Ok(())
    }
}

/// What every case of a stress run is tried with.
pub struct Env<'a> {
    pub o: &'a Options,
    pub oracle: &'a Oracle,
    pub expected_by: &'a Program,
    pub candidate: &'a Program,
    pub check: &'a Check,
    pub explain: Option<&'a dyn Explain>,
    pub validators: &'a [input_validator::InputValidator],
    pub args: &'a [String],
    pub limits: Limits,
    pub reference_limits: Limits,
}

/// How one seed went.
pub enum Tried {
    /// The reference failed (its verdict and why): it is blamed, not the candidate.
    ReferenceFailed(Verdict, String),
    /// The candidate's run, its verdict, the detail lines, and the command that made the
    /// input.
    Judged(crate::run::spec::Run, Verdict, Vec<String>, String),
}

impl Env<'_> {
    /// Makes seed `seed`'s input in `f`, runs the reference and the candidate on it, and
    /// judges the candidate's answer.
    pub fn try_seed(&self, seed: u64, f: &Files) -> Result<Tried, SetupError> {
        let gen_line = generate(self.oracle, self.o, seed, &f.input)?;
        let reference = run_program(
            self.expected_by,
            self.args,
            Some(&f.input),
            &f.expected,
            &f.expected_err,
            self.reference_limits,
        )?;
        if let Some((v, why)) = verdict::of_run(&reference, &self.reference_limits, 0)? {
            return Ok(Tried::ReferenceFailed(v, why));
        }
        let r = run_program(
            self.candidate,
            self.args,
            Some(&f.input),
            &f.got,
            &f.got_err,
            self.limits,
        )?;
        let (verdict, lines) = match verdict::of_run(&r, &self.limits, 0)? {
            Some((v, why)) => {
                let mut lines = vec![detail(&why)];
                if v == Verdict::Re {
                    lines.extend(verdict::stderr_line(
                        &fs::read(&f.got_err).unwrap_or_default(),
                    ));
                }
                lines.extend(crate::show::diff::small_file("input", &f.input));
                (v, lines)
            }
            None => {
                let case = f.dir.join("case");
                let files = check::Files {
                    input: &f.input,
                    output: &f.got,
                    answer: &f.expected,
                    scratch: &case,
                    keep: &crate::run::files::sibling(&case, "checker"),
                    points: None,
                };
                let diff = self.o.verdicts.diff;
                // A generated input is in no group: the checker gets no arguments of its own.
                let (j, mut lines) = judge_answer(self.check, &files, &[], self.explain, diff)?;
                lines.extend(crate::show::diff::small_file("input", &f.input));
                (j.verdict, lines)
            }
        };
        Ok(Tried::Judged(r, verdict, lines, gen_line))
    }
}

/// Makes case `seed`'s input; returns the command that makes it again.
pub fn generate(
    oracle: &Oracle,
    o: &Options,
    seed: u64,
    input: &Path,
) -> Result<String, SetupError> {
    match oracle {
        Oracle::Ours { problem, .. } => {
            let ours = crate::ours::get(problem).map_err(|e| e.to_string())?;
            let (kind, sizes) = default_shape(ours, seed, o);
            let numbers = sizes
                .iter()
                .map(|s| {
                    s.parse::<u64>()
                        .map_err(|_| format!("--size: bad size `{s}`"))
                })
                .collect::<Result<Vec<u64>, String>>()?;
            let made = ours
                .generate(&kind, &numbers, seed)
                .map_err(|e| format!("gen {problem} {kind} {}: {e}", sizes.join(" ")))?;
            fs::write(input, made).map_err(|e| format!("{}: {e}", input.display()))?;
            Ok(crate::ours::gen_command_line(problem, &kind, &sizes, seed))
        }
        Oracle::Own { gen, .. } => {
            let seed_arg = [seed.to_string()];
            let err = input.with_extension("gen.stderr");
            let limits = gen_limits(o);
            let run = run_program(gen, &seed_arg, None, input, &err, limits)?;
            if let Some((v, why)) = verdict::of_run(&run, &limits, 0)? {
                let last = verdict::stderr_line(&fs::read(&err).unwrap_or_default());
                return Err(format!(
                    "the generator `{}` failed on seed {seed}: {} {why}{}",
                    gen.describe(),
                    v.name(),
                    last.map(|l| format!(" ({})", l.trim())).unwrap_or_default()
                )
                .into());
            }
            Ok(crate::run::program::with_cd(
                &[gen],
                format!("{} {seed}", gen.command_line()),
            ))
        }
    }
}
