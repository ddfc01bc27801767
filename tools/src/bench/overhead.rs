//! The judge-overhead workload (issue 20): what `bfs-judge test` costs beyond running the
//! program. A folder of tiny cases (`a b` → `a+b`) and a C program that solves them; timed
//! in turns (the built-in loop, whatever the timer of the other workloads): a plain shell
//! loop that runs the program on each case and `cmp`s its output (no judge at all), our
//! judge (this very binary) with one job and with two, and `oj test` where
//! online-judge-tools is installed. The report gives each median and the difference per
//! case against the loop.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use super::error::BenchError;
use super::inputs;
use super::report::{Judged, Overhead};
use super::timing::{succeeded, Timer};

/// The name the positional arguments choose the workload by.
pub const PROBLEM: &str = "judge";

/// The number of cases: a full run's, and `--quick`'s.
const CASES: u32 = 500;
const QUICK_CASES: u32 = 50;

/// The program judged: reads `a b`, prints `a+b`.
const APLUSB_C: &str = "\
/* a+b for the judge-overhead workload of `bfs-judge bench`: reads two integers, prints
   their sum. */
#include <stdio.h>

int main(void) {
    long long a, b;
    if (scanf(\"%lld %lld\", &a, &b) != 2) return 1;
    printf(\"%lld\\n\", a + b);
    return 0;
}
";

/// The shell loop: the program on every case, its output compared with `cmp`, the first
/// failure ending the loop with a failure.
const SHELL_LOOP: &str = "for f in cases/*.in; do ./aplusb < \"$f\" > got || exit 1; \
                          cmp -s got \"${f%.in}.out\" || exit 1; done";

/// One contender: its label in the report and its command line (run in the workload's
/// folder, so that `./aplusb` and `cases` are found as the commands say).
struct Contender {
    label: String,
    program: OsString,
    args: Vec<OsString>,
}

impl Contender {
    fn new(label: String, program: impl Into<OsString>, args: &[&str]) -> Contender {
        Contender {
            label,
            program: program.into(),
            args: args.iter().map(OsString::from).collect(),
        }
    }

    /// Its command, in folder `dir`, with no input and its output thrown away.
    fn command(&self, dir: &Path) -> Command {
        let mut c = Command::new(&self.program);
        c.args(&self.args)
            .current_dir(dir)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        c
    }

    /// Runs it once, its output kept: `Err` with the last lines it printed when it fails.
    fn check(&self, dir: &Path) -> Result<(), BenchError> {
        let o = self
            .command(dir)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .output()
            .map_err(|e| BenchError::spawn(format_args!("{:?}", self.program), e))?;
        if o.status.success() {
            return Ok(());
        }
        let said = [o.stdout, o.stderr].concat();
        let said = String::from_utf8_lossy(&said);
        let tail: Vec<&str> = said.lines().rev().take(3).collect();
        Err(BenchError::Check {
            label: self.label.clone(),
            status: o.status,
            said: tail.into_iter().rev().collect::<Vec<_>>().join(" / "),
        })
    }
}

/// Measures the workload in `out_dir/judge-N` (`quick`: 50 cases), timing with `timer`'s
/// runs and warm-ups in turns. `None` when there is no C compiler, with `notices` saying
/// so; `oj` left out (and said) where it is not installed or fails on the cases.
pub fn measure(
    out_dir: &Path,
    quick: bool,
    timer: &Timer,
    notices: &mut Vec<String>,
) -> Result<Option<Overhead>, BenchError> {
    let cases = if quick { QUICK_CASES } else { CASES };
    let name = format!("{PROBLEM}/{cases}-tiny");
    let dir = out_dir.join(format!("judge-{cases}"));
    inputs::tiny_cases(&dir.join("cases"), cases)?;
    let Some(cc) = compile(&dir, &name, notices)? else {
        return Ok(None);
    };
    let judge = std::env::current_exe().map_err(BenchError::OwnExe)?;
    let judge_args = [
        "test",
        "--tests",
        "cases",
        "--cmd",
        "./aplusb",
        "--out-dir",
        "judge-out",
    ];
    let mut contenders = vec![
        Contender::new(
            "shell loop: `./aplusb < NAME.in > got; cmp -s got NAME.out`".into(),
            "sh",
            &["-c", SHELL_LOOP],
        ),
        Contender::new(
            "`bfs-judge test --tests DIR --cmd ./aplusb`".into(),
            &judge,
            &judge_args,
        ),
        Contender::new(
            "`bfs-judge test --tests DIR --cmd ./aplusb -j 2`".into(),
            &judge,
            &[&judge_args[..], &["-j", "2"]].concat(),
        ),
    ];
    let oj = Contender::new(
        "`oj test -c ./aplusb -d DIR`".into(),
        "oj",
        &["test", "-c", "./aplusb", "-d", "cases"],
    );
    match Command::new("oj").arg("--version").output() {
        Ok(o) if o.status.success() => match oj.check(&dir) {
            Ok(()) => contenders.push(oj),
            Err(e) => notices.push(format!("`oj test` on {name} ({e})")),
        },
        _ => notices.push(format!(
            "`oj test` on {name} (online-judge-tools is not installed: no `oj` on PATH)"
        )),
    }
    // The loop and our judge must pass every case before their times mean anything.
    for c in &contenders[..3] {
        c.check(&dir)?;
    }
    eprintln!("bench: {name} ...");
    let timings = timer.in_turns(contenders.len(), timer.runs, |k| {
        let c = &contenders[k];
        succeeded(
            c.command(&dir).status(),
            format_args!("{:?}", c.program),
            &c.label,
        )
    })?;
    Ok(Some(Overhead {
        name,
        cases,
        compiler: cc,
        runs: timer.runs,
        warmup: timer.warmup,
        judged: contenders
            .into_iter()
            .zip(timings)
            .map(|(c, time)| Judged {
                label: c.label,
                time,
            })
            .collect(),
    }))
}

/// Compiles the a+b program in `dir` with `$CC` or `cc -O2`; the compiler's name, or
/// `None` with a notice when there is none or it fails.
fn compile(
    dir: &Path,
    name: &str,
    notices: &mut Vec<String>,
) -> Result<Option<String>, BenchError> {
    let source = dir.join("aplusb.c");
    std::fs::write(&source, APLUSB_C).map_err(|e| BenchError::file("writing", &source, e))?;
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
    let exe: PathBuf = dir.join("aplusb");
    let built = Command::new(&cc)
        .arg("-O2")
        .arg(&source)
        .arg("-o")
        .arg(&exe)
        .output();
    match built {
        Ok(o) if o.status.success() => Ok(Some(cc)),
        Ok(o) => {
            let stderr = String::from_utf8_lossy(&o.stderr);
            let first = stderr.lines().next().unwrap_or("").trim().to_string();
            notices.push(format!("{name} (`{cc}` failed on aplusb.c: {first})"));
            Ok(None)
        }
        Err(e) => {
            notices.push(format!("{name} (no C compiler: cannot run `{cc}`: {e})"));
            Ok(None)
        }
    }
}
