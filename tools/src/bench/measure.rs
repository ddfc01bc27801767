//! Measuring one workload: its input made, our binary run once with its output kept (peak
//! memory from `wait4`, as the judge measures it), each baseline run once the same way (the
//! literal's and the prototype's output compared with ours), then every command timed in
//! turns, ours and the baselines in the same loop: a row of the table.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use super::baselines::{files_equal, Baselines};
use super::error::BenchError;
use super::inputs::{self, size};
use super::report::{Baseline, Row};
use super::timing::{path_str, run_measured, sh_quote, Measured, Timer};
use super::workloads::{Target, Workload, WORKLOADS};

/// What every workload of a run shares: where things are, the timer, the baselines.
pub struct Env {
    pub bin_dir: PathBuf,
    pub out_dir: PathBuf,
    pub quick: bool,
    /// Inputs below this size are spawned directly against the start-up floor.
    pub small_bytes: u64,
    pub timer: Timer,
    pub baselines: Baselines,
}

impl Env {
    /// Our binary for `problem`.
    pub fn exe(&self, problem: &str) -> PathBuf {
        self.bin_dir.join(problem)
    }

    /// Runs `program args < input > output` once, measuring its peak memory.
    fn measure(
        &self,
        program: &Path,
        args: &[&str],
        input: &Path,
        output: &Path,
    ) -> Result<Measured, BenchError> {
        let stdin = File::open(input).map_err(|e| BenchError::file("opening", input, e))?;
        let stdout = File::create(output).map_err(|e| BenchError::file("creating", output, e))?;
        let m = run_measured(
            Command::new(program)
                .args(args)
                .stdin(stdin)
                .stdout(stdout)
                .stderr(Stdio::inherit()),
        )
        .map_err(|e| BenchError::spawn(format_args!("{program:?}"), e))?;
        if m.code != 0 {
            return Err(BenchError::Exited {
                command: format!("{} {args:?} < {input:?}", program.display()),
                code: m.code,
            });
        }
        Ok(m)
    }

    /// Measures workload `w`: its row of the table.
    pub fn workload(&self, w: &Workload) -> Result<Row, BenchError> {
        let input = inputs::input(w, self.quick, &self.out_dir)?;
        let stem = input.with_extension("");
        let ours_out = stem.with_extension("out");
        let ours_exe = self.exe(w.problem);
        let ours = self.measure(&ours_exe, &[], &input, &ours_out)?;
        let problem = [w.problem];
        let mut others: Vec<Other> = Vec::new();
        if w.literal {
            others.push(Other::new(Kind::Literal, &self.baselines.literal, &problem));
        }
        if let Some(exe) = self.baselines.seed(w) {
            others.push(Other::new(Kind::Seed, exe, &[]));
        }
        if let (true, Some(exe)) = (w.prototype, &self.baselines.prototype) {
            others.push(Other::new(Kind::Prototype, exe, &[]));
        }
        let mut measured = Vec::new();
        for other in &others {
            let out = stem.with_extension(format!("{}.out", other.kind.tag()));
            let m = self.measure(other.exe, other.args, &input, &out)?;
            // The seeds' output is not compared: they are speed baselines, not references
            // (swap-game's prints no final newline, pushing-boxes' arrays are 25 x 25).
            let same = match other.kind {
                Kind::Seed => None,
                Kind::Literal | Kind::Prototype => Some(files_equal(&ours_out, &out)?),
            };
            // A baseline's output is no longer needed once compared.
            let _ = std::fs::remove_file(&out);
            measured.push((m.peak_kib, same));
        }
        // A workload held to another's time runs that one's program on its input in the
        // same turns: the ratio of two separate loops moves with the machine's drift.
        let yardstick = w.targets.iter().find_map(|t| match t {
            Target::AsFastAs(name) => WORKLOADS.iter().find(|o| o.name == *name),
            _ => None,
        });
        let yardstick = match yardstick {
            Some(o) => Some((
                self.exe(o.problem),
                inputs::input(o, self.quick, &self.out_dir)?,
            )),
            None => None,
        };
        let input_bytes = size(&input)?;
        let output_bytes = size(&ours_out)?;
        let small = input_bytes < self.small_bytes;
        let programs: Vec<(&Path, &[&str])> = std::iter::once((ours_exe.as_path(), &[][..]))
            .chain(others.iter().map(|o| (o.exe, o.args)))
            .collect();
        let mut yardstick_at = None;
        let timings = if small {
            // Spawned directly, ten times the runs, against the start-up floor: see
            // `Timer::direct`. (No workload held to another's time is this small.)
            let floor = [(self.baselines.floor.as_path(), &[][..])];
            self.timer
                .direct(&[&programs[..], &floor].concat(), &input)?
        } else {
            let (i, out) = (sh_quote(&path_str(&input)), sh_quote(&path_str(&ours_out)));
            let mut commands: Vec<String> = programs
                .iter()
                .map(|(exe, args)| {
                    let words = std::iter::once(*exe)
                        .chain(args.iter().map(Path::new))
                        .map(|w| sh_quote(&path_str(w)))
                        .collect::<Vec<_>>();
                    format!("{} < {i} > /dev/null", words.join(" "))
                })
                .collect();
            if let Some((exe, input)) = &yardstick {
                yardstick_at = Some(commands.len());
                let (exe, input) = (sh_quote(&path_str(exe)), sh_quote(&path_str(input)));
                commands.push(format!("{exe} < {input} > /dev/null"));
            }
            commands.push(format!("cat {i} > /dev/null; cat {out} > /dev/null"));
            self.timer.time(&commands)?
        };
        let baseline = |kind: Kind| {
            let k = others.iter().position(|o| o.kind == kind)?;
            let (peak_kib, same) = measured[k];
            Some(Baseline {
                time: timings[1 + k],
                peak_kib,
                same,
            })
        };
        Ok(Row {
            name: w.name,
            input_bytes,
            output_bytes,
            ours: timings[0],
            peak_kib: ours.peak_kib,
            literal: baseline(Kind::Literal),
            seed: baseline(Kind::Seed),
            prototype: baseline(Kind::Prototype),
            yardstick: yardstick_at.map(|k| timings[k]),
            floor: *timings.last().expect("the floor was timed"),
            floor_kind: if small { "start-up" } else { "cat" },
            targets: w.targets,
        })
    }
}

/// The baselines a workload can run beside ours.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Literal,
    Seed,
    Prototype,
}

impl Kind {
    /// The middle of its output's file name.
    fn tag(self) -> &'static str {
        match self {
            Kind::Literal => "literal",
            Kind::Seed => "seed",
            Kind::Prototype => "prototype",
        }
    }
}

/// A baseline program as a workload runs it: `exe args < input`.
struct Other<'a> {
    kind: Kind,
    exe: &'a Path,
    args: &'a [&'a str],
}

impl<'a> Other<'a> {
    fn new(kind: Kind, exe: &'a Path, args: &'a [&'a str]) -> Other<'a> {
        Other { kind, exe, args }
    }
}
