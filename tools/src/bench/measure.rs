//! Measuring one workload: its input made, our binary run once with its output kept (peak
//! memory from `wait4`, as the judge measures it), each baseline run once the same way (the
//! literal's output compared with ours), then every command timed in turns: a row of the
//! table.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use super::baselines::{files_equal, Baselines};
use super::inputs::{self, size};
use super::report::Row;
use super::timing::{path_str, run_measured, sh_quote, Measured, Timer};
use super::workloads::Workload;

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
    ) -> Result<Measured, String> {
        let stdin = File::open(input).map_err(|e| format!("opening {input:?}: {e}"))?;
        let stdout = File::create(output).map_err(|e| format!("creating {output:?}: {e}"))?;
        let m = run_measured(
            Command::new(program)
                .args(args)
                .stdin(stdin)
                .stdout(stdout)
                .stderr(Stdio::inherit()),
        )
        .map_err(|e| format!("cannot run {program:?}: {e}"))?;
        if m.code != 0 {
            return Err(format!(
                "{} {args:?} < {input:?} exited with {}",
                program.display(),
                m.code
            ));
        }
        Ok(m)
    }

    /// Measures workload `w`: its row of the table.
    pub fn workload(&self, w: &Workload) -> Result<Row, String> {
        let input = inputs::input(w, self.quick, &self.out_dir)?;
        let stem = input.with_extension("");
        let ours_out = stem.with_extension("out");
        let ours_exe = self.exe(w.problem);
        let ours = self.measure(&ours_exe, &[], &input, &ours_out)?;
        let literal_exe = &self.baselines.literal;
        let (literal, same) = if w.literal {
            let lit_out = stem.with_extension("literal.out");
            let m = self.measure(literal_exe, &[w.problem], &input, &lit_out)?;
            let same = files_equal(&ours_out, &lit_out)?;
            // The literal's output is no longer needed once compared.
            let _ = std::fs::remove_file(&lit_out);
            (Some(m), Some(same))
        } else {
            (None, None)
        };
        let seed_exe = self.baselines.seed(w);
        let seed_peak = match seed_exe {
            // Its output is not compared: the seeds are speed baselines, not references
            // (swap-game's prints no final newline, pushing-boxes' arrays are 25 x 25).
            Some(exe) => Some(self.measure(exe, &[], &input, &stem.with_extension("seed.out"))?),
            None => None,
        };
        let _ = std::fs::remove_file(stem.with_extension("seed.out"));
        let input_bytes = size(&input)?;
        let output_bytes = size(&ours_out)?;
        let (i, out) = (sh_quote(&path_str(&input)), sh_quote(&path_str(&ours_out)));
        let small = input_bytes < self.small_bytes;
        let timings = if small {
            // Spawned directly, ten times the runs: see `Timer::direct`.
            let problem = [w.problem];
            let floor = &self.baselines.floor;
            let mut programs: Vec<(&Path, &[&str])> = vec![(&ours_exe, &[])];
            if w.literal {
                programs.push((literal_exe, &problem));
            }
            if let Some(exe) = seed_exe {
                programs.push((exe, &[]));
            }
            programs.push((floor, &[]));
            self.timer.direct(&programs, &input)?
        } else {
            let mut commands = vec![format!(
                "{} < {i} > /dev/null",
                sh_quote(&path_str(&ours_exe))
            )];
            if w.literal {
                commands.push(format!(
                    "{} {} < {i} > /dev/null",
                    sh_quote(&path_str(literal_exe)),
                    w.problem
                ));
            }
            if let Some(exe) = seed_exe {
                commands.push(format!("{} < {i} > /dev/null", sh_quote(&path_str(exe))));
            }
            commands.push(format!("cat {i} > /dev/null; cat {out} > /dev/null"));
            self.timer.time(&commands)?
        };
        Ok(Row {
            name: w.name,
            input_bytes,
            output_bytes,
            ours: timings[0],
            peak_kib: ours.peak_kib,
            literal: w.literal.then(|| timings[1]),
            literal_peak_kib: literal.map(|m| m.peak_kib),
            same,
            seed: seed_peak.map(|m| (timings[timings.len() - 2], m.peak_kib)),
            floor: *timings.last().expect("the floor was timed"),
            floor_kind: if small { "start-up" } else { "cat" },
            targets: w.targets,
        })
    }
}
