//! The benchmark suite behind `scripts/bench` (`bfs-judge bench`): whole processes, several
//! runs after a warm-up, medians, and baselines measured side by side in the same
//! invocation.
//!
//! A run goes options → workloads → table, each step in its own module, each using only
//! the ones after it in this list:
//!
//! - this module: the options ([`BenchCmd`]), which workloads run, the report put together;
//! - `measure`: one workload measured into a row of the table (our binary and the
//!   baselines run once for peak memory and output, then timed in turns);
//! - `overhead`: the judge-overhead workload (tiny cases judged by `bfs-judge test`, a
//!   shell loop and `oj test`, in turns), a section of its own;
//! - `report`: the Markdown table, the targets' lines, the machine, the README section;
//! - `baselines`: the literal and floor programs, the seeds' C++ built with `g++`, the
//!   robot-tiles prototype built with cargo;
//! - `inputs`: the inputs generated with fixed seeds, the far corners;
//! - `timing`: the built-in loop in turns, hyperfine, medians, peak RSS by `wait4`;
//! - `workloads`: the workload table and its targets (data);
//! - `error`: [`BenchError`], why a run stopped.
//!
//! Cost: per workload, one measured run of each program, then `warmup + runs` rounds of
//! every program and the floor (ten times the runs for the small inputs spawned directly).
//! Errors: one line on stderr, exit code 2. Missed targets are reported in the table, not
//! by the exit status.

mod baselines;
mod error;
mod inputs;
mod measure;
mod overhead;
mod report;
mod timing;
mod workloads;

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::{Command, ExitCode, Stdio};

use clap::builder::PossibleValuesParser;

use baselines::Baselines;
pub use error::BenchError;
use measure::Env;
use report::{load_average, machine, table, targets, write_readme};
use timing::Timer;
use workloads::{Workload, WORKLOADS};

/// `bfs-judge bench`: time our solvers against the baselines.
#[derive(Clone, Debug, clap::Args)]
#[command(after_help = "\
Times every workload of the named problems (all when none is named) against the literal
and floor baselines, the seeds' C++ programs and, on robot-maze, the robot-tiles prototype,
and prints a Markdown table and the issues' targets, met or not. `judge` times the judge's
overhead: 500 tiny a+b cases (50 with --quick) judged on a C program by `bfs-judge test`
(-j 1 and -j 2), a shell loop with `cmp`, and `oj test` when installed, in turns. `scripts/bench` builds everything first and sets --root,
--bin-dir and --out-dir; the inputs are generated under the out folder with fixed seeds.

Timing: hyperfine when installed (one command after another), else the built-in loop, which
runs a workload's commands in turns, one run of each per round, so that a slow spell of a
shared machine falls on all of them and the ratios hold. Inputs under --small-bytes are
spawned directly (no shell start-up in a few-ms figure) against the start-up of a program
that only reads stdin; larger ones run through `sh -c` against `cat` of input and output.")]
pub struct BenchCmd {
    /// The problems whose workloads run, `judge` for the judge's overhead [default: all].
    #[arg(value_name = "PROBLEM", value_parser = problems())]
    pub problems: Vec<String>,

    /// Small inputs, 2 runs after 1 warm-up: a smoke test, not a measurement.
    #[arg(long)]
    pub quick: bool,

    /// Timed runs per command [default: 5; 2 with --quick].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub runs: Option<u32>,

    /// Untimed runs first.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub warmup: u32,

    /// Skip the 10^8-cell workloads.
    #[arg(long)]
    pub no_huge: bool,

    /// Time with the built-in loop even when hyperfine is installed.
    #[arg(long)]
    pub no_hyperfine: bool,

    /// Inputs below N bytes are spawned directly against the start-up floor (0 sends
    /// everything through `sh -c` and the `cat` floor).
    #[arg(long, value_name = "N", default_value_t = 1 << 20)]
    pub small_bytes: u64,

    /// Also write the report into README.md's Performance section (a full run only).
    #[arg(long, conflicts_with = "quick")]
    pub write_readme: bool,

    /// The repository root, whose `../shared` holds the seeds [default: the checkout this
    /// tool was built from].
    #[arg(long, value_name = "DIR", default_value_os_t = crate::args::built_in_root(),
          hide_default_value = true)]
    pub root: PathBuf,

    /// Where our release binaries and examples/ are (set by scripts/bench).
    #[arg(long, value_name = "DIR", default_value = "target/release")]
    pub bin_dir: PathBuf,

    /// Where inputs, outputs and built baselines go (set by scripts/bench).
    #[arg(long, value_name = "DIR", default_value = "target/bench")]
    pub out_dir: PathBuf,
}

impl BenchCmd {
    /// Timed runs per command.
    fn runs(&self) -> u32 {
        self.runs.unwrap_or(if self.quick { 2 } else { 5 })
    }
}

/// The problems that have workloads, and `judge` (the judge's overhead): the values the
/// positional arguments may take.
fn problems() -> PossibleValuesParser {
    let mut names: Vec<&'static str> = WORKLOADS.iter().map(|w| w.problem).collect();
    names.dedup();
    names.push(overhead::PROBLEM);
    PossibleValuesParser::new(names)
}

/// `bfs-judge bench ARGS`.
pub fn main(o: &BenchCmd) -> ExitCode {
    match run(o) {
        // Missed targets are reported in the table, not by the exit status: the suite ran.
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("bench: {e}");
            ExitCode::from(2)
        }
    }
}

/// Measures the chosen workloads and prints the report; whether every target was met.
fn run(o: &BenchCmd) -> Result<bool, BenchError> {
    std::fs::create_dir_all(&o.out_dir).map_err(|e| BenchError::file("creating", &o.out_dir, e))?;
    let hyperfine = !o.no_hyperfine
        && Command::new("hyperfine")
            .arg("--version")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
    let chosen: Vec<&Workload> = WORKLOADS
        .iter()
        .filter(|w| o.problems.is_empty() || o.problems.iter().any(|p| p == w.problem))
        .collect();
    let mut skipped = Vec::new();
    let baselines = Baselines::prepare(&o.root, &o.bin_dir, &o.out_dir, &chosen, &mut skipped);
    let env = Env {
        bin_dir: o.bin_dir.clone(),
        out_dir: o.out_dir.clone(),
        quick: o.quick,
        small_bytes: o.small_bytes,
        timer: Timer {
            hyperfine,
            runs: o.runs(),
            warmup: o.warmup,
            scratch: o.out_dir.clone(),
        },
        baselines,
    };
    let load_before = load_average();
    let mut rows = Vec::new();
    for w in chosen {
        if w.huge && o.no_huge {
            skipped.push(format!("{} (--no-huge)", w.name));
            continue;
        }
        if !env.exe(w.problem).is_file() {
            skipped.push(format!(
                "{} (no `{}` binary on this branch)",
                w.name, w.problem
            ));
            continue;
        }
        eprintln!("bench: {} ...", w.name);
        rows.push(env.workload(w)?);
    }
    let overhead = match o.problems.is_empty() || o.problems.iter().any(|p| p == overhead::PROBLEM)
    {
        true => overhead::measure(&o.out_dir, o.quick, &env.timer, &mut skipped)?,
        false => None,
    };
    let (mut targets, mut all_met) = targets(&rows);
    if let Some(overhead) = &overhead {
        let (line, met) = overhead.target();
        targets.push_str(&line);
        all_met &= met;
    }
    let mut body = String::new();
    let _ = writeln!(
        body,
        "Machine: {}. Load average {} at the start, {} at the end. Timing: {}{}.\n",
        machine(),
        load_before,
        load_average(),
        env.timer.describe(),
        if o.quick {
            "; --quick (small inputs: a smoke test)"
        } else {
            ""
        }
    );
    if !rows.is_empty() {
        let prototype = env.baselines.prototype.is_some();
        body.push_str(&table(&rows, prototype));
        let _ = writeln!(body, "\n{}\n", notes(prototype));
    }
    if let Some(overhead) = &overhead {
        let _ = writeln!(body, "{}", overhead.section());
    }
    body.push_str(
        "Targets (issue 6; issue 14: against the seeds' C++, and 10^8-cell peak RSS; issue 20: \
         10x the seed's C++ and 1.25x the prototype on robot-maze, the judge's overhead per \
         case):\n\n",
    );
    body.push_str(&targets);
    if !skipped.is_empty() {
        let _ = writeln!(body, "\nNot run: {}.", skipped.join(", "));
    }
    println!("{body}");
    if o.write_readme {
        write_readme(&o.root, &body)?;
        eprintln!("bench: README.md's Performance section written");
    }
    Ok(all_met)
}

/// What the table's columns are: one paragraph.
fn notes(prototype: bool) -> String {
    let mut s = String::from(
        "Median wall time of whole processes, stdout to /dev/null; inputs of 1 MiB or more \
         through `sh -c` (hyperfine or the built-in loop), smaller ones spawned directly by \
         the built-in loop with 10x the runs (no shell start-up in a few-ms figure). Peak RSS: the process's own \
         (wait4), output to a file. literal: the plain reference from tests/reference as a release \
         program (its time and peak RSS). seed (C++): the seed's own C++ program from \
         `../shared/seeds/cpp`, built with `g++ -O2` (its time and peak RSS; a speed baseline, \
         its output not compared). ",
    );
    if prototype {
        s.push_str(
            "prototype: the robot-tiles prototype from `../shared/anchors/robot-tiles-proto`, \
             a robot-maze solver written outside the project, built with `cargo build \
             --release` (its time and peak RSS; its output compared with ours). ",
        );
    }
    s.push_str(
        "floor: `cat` of the input and the output, or for inputs \
         under 1 MiB the start-up of a Rust program that only reads stdin. corners-4000: the \
         random-4000 maze with start (1, 1) and finish (4000, 4000). A target \"at most \
         robot-maze's time\" (chase, wave) times robot-maze on the same maze in the same \
         turns as the row's own program.",
    );
    s
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        bench: BenchCmd,
    }

    fn parse(args: &[&str]) -> Result<BenchCmd, clap::Error> {
        Cli::try_parse_from(std::iter::once("bench").chain(args.iter().copied())).map(|c| c.bench)
    }

    #[test]
    fn options_keep_their_meaning() {
        let o = parse(&[]).unwrap();
        assert_eq!((o.runs(), o.warmup, o.small_bytes), (5, 1, 1 << 20));
        assert!(o.problems.is_empty() && !o.quick && !o.no_huge && !o.no_hyperfine);
        assert_eq!(o.out_dir, PathBuf::from("target/bench"));
        let o = parse(&["robot-maze", "--quick", "chase", "--small-bytes", "0"]).unwrap();
        assert_eq!(o.problems, ["robot-maze", "chase"]);
        assert_eq!((o.runs(), o.small_bytes), (2, 0));
        assert_eq!(parse(&["--quick", "--runs", "7"]).unwrap().runs(), 7);
        assert_eq!(parse(&["judge"]).unwrap().problems, ["judge"]);
        assert!(parse(&["no-such-problem"]).is_err());
        assert!(parse(&["--runs", "0"]).is_err());
        assert!(parse(&["--quick", "--write-readme"]).is_err());
        assert!(parse(&["--fast"]).is_err());
    }
}
