//! `--stress PROBLEM`: random inputs from our generator, the user's program against our
//! binary (exactly, or through the checker), stopping at the first disagreement with
//! everything needed to look at it and to replay it.
//!
//! Case i uses seed S+i; the generator's kind and sizes are drawn from that seed alone
//! (SplitMix64), so `--seed S+i --count 1` replays case i on any machine.

use std::fmt::Write as _;
use std::fs;
use std::path::Path;
use std::process::Command;
use std::time::{SystemTime, UNIX_EPOCH};

use crate::checker::Judgement;
use crate::compare;
use crate::explain;
use crate::judging::{difference_lines, run_program};
use crate::options::Options;
use crate::problem::Problem;
use crate::program::shell_quote;
use crate::report::{detail, mib, short, Progress};
use crate::say;
use crate::shrink;
use crate::suite;
use crate::verdict::{self, Verdict};

/// SplitMix64: the sizes drawn for a seed are the same on every platform.
fn splitmix(seed: u64) -> impl FnMut() -> u64 {
    let mut x = seed;
    move || {
        x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = x;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// The generator's kind and sizes for case `seed` when not given (see `gen --help`): small
/// shapes, where a disagreement is easy to read, and for the `random` layout a density of 0
/// to 45% walls.
fn default_shape(problem: &str, seed: u64, o: &Options) -> (String, Vec<String>) {
    let mut rng = splitmix(seed);
    let mut pick = |lo: u64, hi: u64| (lo + rng() % (hi - lo + 1)).to_string();
    let kind = o.kind.clone().unwrap_or_else(|| "random".to_string());
    if !o.sizes.is_empty() {
        return (kind, o.sizes.clone());
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

pub fn run(o: &Options, name: &str) -> Result<bool, String> {
    let dirs = o.dirs();
    let p = Problem::open(&dirs.problems, name)?;
    let ours = p.ours(&dirs.bin)?;
    let candidate = suite::program(&p, o, &dirs)?;
    let checker = suite::checker(&p, o, &dirs)?;
    let limits = suite::limits(&p, o);
    let gen = dirs.bin.join("gen");
    if !gen.is_file() {
        return Err(format!(
            "{} not found: build it with `cargo build --release -p bfs-judge-tools`",
            gen.display()
        ));
    }
    let dir = dirs.out.join("stress").join(name);
    fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let input = dir.join("input.in");
    let (expected, expected_err) = (dir.join("expected"), dir.join("expected.stderr"));
    let (got, got_err) = (dir.join("got"), dir.join("stderr"));
    let args = o.extra_args();
    let seed0 = o.seed.unwrap_or_else(|| {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(1, |d| d.as_secs() % 1_000_000_000)
    });
    say!(
        "# stress {name}: {} against {} | {} cases from seed {seed0} | {}",
        short(&candidate.describe()),
        short(&ours.describe()),
        o.count,
        if checker.is_some() {
            "checker"
        } else {
            "exact"
        }
    );
    let show = explain::Show::new(name, p.info.checker, o);
    let mut progress = Progress::new();
    for i in 0..o.count {
        let seed = seed0.wrapping_add(i);
        let (kind, sizes) = default_shape(name, seed, o);
        let gen_args: Vec<String> = [name.to_string(), kind]
            .into_iter()
            .chain(sizes)
            .chain(["--seed".to_string(), seed.to_string()])
            .collect();
        generate(&gen, &gen_args, &input)?;
        let reference = run_program(&ours, &args, &input, &expected, &expected_err, limits)?;
        if let Some((v, why)) = verdict::of_run(&reference, &limits, 0)? {
            return Err(format!(
                "our own binary failed ({} {why}) on seed {seed}: input in {}",
                v.name(),
                input.display()
            ));
        }
        let r = run_program(&candidate, &args, &input, &got, &got_err, limits)?;
        let mut lines = Vec::new();
        let verdict = if let Some((v, why)) = verdict::of_run(&r, &limits, 0)? {
            lines.push(detail(&why));
            if v == Verdict::Re {
                lines.extend(verdict::stderr_line(
                    &fs::read(&got_err).unwrap_or_default(),
                ));
            }
            v
        } else if let Some(checker) = &checker {
            match checker.check(&input, &got, &expected)? {
                Judgement::Accepted => Verdict::Ac,
                Judgement::Rejected(reason) => {
                    lines.extend(explain::checker_detail(&reason));
                    Verdict::Wa
                }
            }
        } else {
            match compare::first_difference(&expected, &got)
                .map_err(|e| format!("comparing: {e}"))?
            {
                Some(d) => {
                    lines.extend(explain::mistake(&show, &input, &got, &expected));
                    lines.extend(difference_lines(&d));
                    Verdict::Wa
                }
                None => Verdict::Ac,
            }
        };
        progress.update(i as usize + 1, o.count as usize, &format!("seed {seed}"));
        if verdict != Verdict::Ac {
            progress.clear();
            say!(
                "{} on case {} of {} (seed {seed}): {} ms cpu, {} ms wall, {}",
                verdict.name(),
                i + 1,
                o.count,
                r.cpu_ms,
                r.wall_ms,
                mib(r.peak_kib)
            );
            if verdict == Verdict::Wa {
                let base = dir.join("input");
                lines.extend(explain::pictures(
                    &show, "input", &base, &input, &got, &expected,
                ));
            }
            for l in lines {
                say!("{l}");
            }
            let shown = |p: &Path| short(&p.display().to_string());
            say!("  input:     {}", shown(&input));
            say!("  expected:  {} (ours)", shown(&expected));
            say!("  got:       {} (stderr: {})", shown(&got), shown(&got_err));
            say!(
                "  input from: cargo run --release -p bfs-judge-tools --bin gen -- {}",
                gen_args.join(" ")
            );
            let trial = shrink::Trial {
                problem: name,
                ours: &ours,
                candidate: &candidate,
                checker: checker.as_ref(),
                explain: show.problem.is_some(),
                args: &args,
                limits,
                dir: &dir,
            };
            let shrunk = shrink::after_stress(o, &p, &trial, &input)?;
            say!(
                "  reproduce: {}",
                shrunk.unwrap_or_else(|| reproduce(o, name, seed))
            );
            say!("{i} passed, 1 failed");
            return Ok(false);
        }
    }
    progress.clear();
    say!("{} passed, 0 failed", o.count);
    Ok(true)
}

/// Runs the generator into `input`.
fn generate(gen: &Path, gen_args: &[String], input: &Path) -> Result<(), String> {
    let out = Command::new(gen)
        .args(gen_args)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", gen.display()))?;
    if !out.status.success() {
        return Err(format!(
            "gen {} failed: {}",
            gen_args.join(" "),
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    fs::write(input, &out.stdout).map_err(|e| format!("{}: {e}", input.display()))
}

/// The `scripts/judge` command that replays case `seed` alone.
fn reproduce(o: &Options, name: &str, seed: u64) -> String {
    let mut again = format!("scripts/judge --stress {name}");
    match &o.cmd {
        Some(c) => {
            let _ = write!(again, " --cmd {}", shell_quote(c));
        }
        None => again.push_str(" --bundle"),
    }
    let _ = write!(again, " --seed {seed} --count 1");
    if let Some(k) = &o.kind {
        let _ = write!(again, " --kind {k}");
    }
    if !o.sizes.is_empty() {
        let _ = write!(again, " --size {}", o.sizes.join(" "));
    }
    if let Some(a) = &o.args {
        let _ = write!(again, " --args={}", shell_quote(a));
    }
    if o.checker {
        again.push_str(" --checker");
    }
    if o.wall_time {
        again.push_str(" --wall-time");
    }
    again
}
