//! Timing whole processes: the built-in loop that runs a workload's commands in turns
//! (through `sh -c`, or spawned directly for small inputs), `hyperfine` when installed, the
//! median of the runs, and one untimed run that measures a process's own peak RSS
//! (`wait4`).

use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use super::error::BenchError;

/// One timed command's result.
#[derive(Clone, Copy)]
pub struct Timing {
    pub median: Duration,
}

/// How a measured run ended and its peak memory.
pub struct Measured {
    pub code: i32,
    /// The process's own peak RSS in KiB.
    pub peak_kib: u64,
}

/// Runs `cmd` to the end and returns its exit code and its own peak RSS (`wait4`,
/// as the judge measures it: the child's own, not its children's).
pub fn run_measured(cmd: &mut Command) -> io::Result<Measured> {
    let child = cmd.spawn()?;
    let (_, status, usage) = crate::run::sys::reap(child.id() as libc::pid_t, false)?
        .expect("a wait without WNOHANG returns the child");
    Ok(Measured {
        code: status.shell_code(),
        peak_kib: usage.peak_kib,
    })
}

/// Single-quotes `s` for `sh`.
pub fn sh_quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', r"'\''"))
}

/// A path as text, for a shell command.
pub fn path_str(p: &Path) -> String {
    p.to_string_lossy().into_owned()
}

/// Times shell commands: `hyperfine` when wanted and installed, else our own loop.
pub struct Timer {
    pub hyperfine: bool,
    pub runs: u32,
    pub warmup: u32,
    /// Where hyperfine's CSV goes.
    pub scratch: PathBuf,
}

impl Timer {
    /// The timing method, runs and warm-ups, for the report.
    pub fn describe(&self) -> String {
        if self.hyperfine {
            let version = Command::new("hyperfine")
                .arg("--version")
                .output()
                .ok()
                .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
                .unwrap_or_default();
            format!(
                "{version} (`-N`, each command as `sh -c`), {} runs after {} warm-up",
                self.runs, self.warmup
            )
        } else {
            format!(
                "built-in loop (each command as `sh -c`, the commands of a workload taking \
                 turns run by run), {} runs after {} warm-up",
                self.runs, self.warmup
            )
        }
    }

    /// Times each shell command (`sh -c`): one median per command, in order.
    pub fn time(&self, commands: &[String]) -> Result<Vec<Timing>, BenchError> {
        if self.hyperfine {
            self.hyperfine(commands)
        } else {
            self.in_turns(commands.len(), self.runs, |k| {
                let sh = Command::new("sh").args(["-c", &commands[k]]).status();
                succeeded(sh, "sh", format_args!("`{}`", commands[k]))
            })
        }
    }

    /// Times `run(k)` for each of `count` commands, `runs` times each after the warm-up,
    /// taking turns: one run of every command, then the next round. A slow spell of a
    /// shared machine then falls on all of them alike instead of on one, so the ratios
    /// between them hold even when the times do not (on this 2-core VM, medians of one
    /// program moved by a third from minute to minute).
    pub fn in_turns(
        &self,
        count: usize,
        runs: u32,
        mut run: impl FnMut(usize) -> Result<(), BenchError>,
    ) -> Result<Vec<Timing>, BenchError> {
        let mut times = vec![Vec::new(); count];
        for round in 0..self.warmup + runs {
            for (k, times) in times.iter_mut().enumerate() {
                let start = Instant::now();
                run(k)?;
                if round >= self.warmup {
                    times.push(start.elapsed());
                }
            }
        }
        Ok(times
            .into_iter()
            .map(|mut t| Timing {
                median: median(&mut t),
            })
            .collect())
    }

    fn hyperfine(&self, commands: &[String]) -> Result<Vec<Timing>, BenchError> {
        let csv = self.scratch.join("hyperfine.csv");
        let _ = std::fs::remove_file(&csv);
        let status = Command::new("hyperfine")
            // No shell of hyperfine's own (its start-up calibration is noise at the few
            // ms of small commands on a loaded machine): every command pays one `sh`.
            .args(["-N", "--style", "none", "--runs"])
            .arg(self.runs.to_string())
            .arg("--warmup")
            .arg(self.warmup.to_string())
            .arg("--export-csv")
            .arg(&csv)
            .args(commands.iter().map(|c| format!("sh -c {}", sh_quote(c))))
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .output()
            .map_err(|e| BenchError::spawn("hyperfine", e))?;
        // Its warnings about commands under 5 ms are expected for the small workloads.
        if !status.status.success() {
            return Err(BenchError::Hyperfine {
                status: status.status,
                commands: commands.to_vec(),
                stderr: String::from_utf8_lossy(&status.stderr).trim().to_string(),
            });
        }
        let text =
            std::fs::read_to_string(&csv).map_err(|e| BenchError::file("reading", &csv, e))?;
        parse_hyperfine_csv(&text, commands.len())
    }

    /// Times each `program args < input > /dev/null` spawned directly, no shell, taking
    /// turns (see [`Timer::in_turns`]): for small inputs, where a shell's start-up would
    /// be a large part of what is measured. Ten times the runs, since each is a few
    /// milliseconds.
    pub fn direct(
        &self,
        programs: &[(&Path, &[&str])],
        input: &Path,
    ) -> Result<Vec<Timing>, BenchError> {
        self.in_turns(programs.len(), 10 * self.runs, |k| {
            let (program, args) = programs[k];
            let stdin = File::open(input).map_err(|e| BenchError::file("opening", input, e))?;
            let status = Command::new(program)
                .args(args)
                .stdin(stdin)
                .stdout(Stdio::null())
                .status();
            succeeded(
                status,
                format_args!("{program:?}"),
                format_args!("{program:?}"),
            )
        })
    }
}

/// `Ok` when a command run to its end succeeded; else the error that `program` could not
/// start or that `command` failed (each as the message names it).
pub fn succeeded(
    status: io::Result<ExitStatus>,
    program: impl std::fmt::Display,
    command: impl std::fmt::Display,
) -> Result<(), BenchError> {
    let status = status.map_err(|e| BenchError::spawn(program, e))?;
    match status.success() {
        true => Ok(()),
        false => Err(BenchError::Failed {
            command: command.to_string(),
            status,
        }),
    }
}

/// The medians of hyperfine's CSV export: `command,mean,stddev,median,user,system,min,max`,
/// one line per command in order. The command may itself hold commas, so the numbers
/// are taken from the right.
fn parse_hyperfine_csv(text: &str, expected: usize) -> Result<Vec<Timing>, BenchError> {
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap_or("").split(',').collect();
    let from_right = header
        .iter()
        .rev()
        .position(|&h| h == "median")
        .ok_or(BenchError::NoMedianColumn)?;
    let timings = lines
        .filter(|l| !l.is_empty())
        .map(|l| {
            let fields: Vec<&str> = l.split(',').collect();
            let field = fields
                .len()
                .checked_sub(from_right + 1)
                .map(|i| fields[i])
                .ok_or_else(|| BenchError::ShortCsvLine(l.to_string()))?;
            let secs: f64 = field
                .parse()
                .map_err(|_| BenchError::BadMedian(field.to_string()))?;
            Ok(Timing {
                median: Duration::from_secs_f64(secs.max(0.0)),
            })
        })
        .collect::<Result<Vec<_>, BenchError>>()?;
    if timings.len() != expected {
        return Err(BenchError::CsvResults {
            found: timings.len(),
            expected,
        });
    }
    Ok(timings)
}

/// The median of `times` (the mean of the middle two for an even count).
pub fn median(times: &mut [Duration]) -> Duration {
    times.sort();
    let n = times.len();
    if n % 2 == 1 {
        times[n / 2]
    } else {
        (times[n / 2 - 1] + times[n / 2]) / 2
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hyperfine_csv_medians_are_read_from_the_right() {
        let csv = "command,mean,stddev,median,user,system,min,max\n\
                   cat 'a,b' > /dev/null,0.5,0.1,0.25,0.1,0.1,0.2,0.7\n\
                   true,0.001,0,0.002,0,0,0,0.003\n";
        let t = parse_hyperfine_csv(csv, 2).unwrap();
        assert_eq!(t[0].median, Duration::from_millis(250));
        assert_eq!(t[1].median, Duration::from_millis(2));
        assert!(parse_hyperfine_csv(csv, 3).is_err());
    }

    #[test]
    fn medians_of_odd_and_even_counts() {
        let d = Duration::from_millis;
        assert_eq!(median(&mut [d(3), d(1), d(2)]), d(2));
        assert_eq!(median(&mut [d(4), d(1), d(2), d(3)]), d(2) + d(1) / 2);
    }

    #[test]
    fn quoting_survives_single_quotes() {
        assert_eq!(sh_quote("a'b"), r"'a'\''b'");
    }
}
