//! Verdicts, and the verdict a run earns by the way it ended, before its output is read.
//!
//! The time limit is on CPU time (user + system, as `wait4` reports it) unless `--wall-time`
//! says wall time; under a CPU limit a program that sleeps or blocks is still stopped by the
//! wall-clock backstop, and that is TLE too, said as such.

use crate::run::spec::{Limits, Run};
use crate::run::supervise::Kill;
use crate::run::sys::{self, Status};
use crate::text::{detail, mib};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Accepted.
    Ac,
    /// Wrong answer.
    Wa,
    /// Presentation error (a checker's exit code 2).
    Pe,
    /// Partial points (a checker's exit code 7): not accepted, shown with the score.
    Pts,
    /// Runtime error: a signal, or an exit code other than the expected one.
    Re,
    /// Time limit exceeded.
    Tle,
    /// Memory limit exceeded.
    Mle,
    /// Output limit exceeded: stdout passed the output limit and the program was killed.
    Ole,
    /// Ran within the limits on an input that has no answer: nothing to judge, neither a
    /// pass nor a failure (its output is shown instead).
    Ran,
}

impl Verdict {
    pub const ALL: [Verdict; 9] = [
        Verdict::Ac,
        Verdict::Wa,
        Verdict::Pe,
        Verdict::Pts,
        Verdict::Re,
        Verdict::Tle,
        Verdict::Mle,
        Verdict::Ole,
        Verdict::Ran,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Verdict::Ac => "AC",
            Verdict::Wa => "WA",
            Verdict::Pe => "PE",
            Verdict::Pts => "PTS",
            Verdict::Re => "RE",
            Verdict::Tle => "TLE",
            Verdict::Mle => "MLE",
            Verdict::Ole => "OLE",
            Verdict::Ran => "RAN",
        }
    }
}

/// A judged case.
#[derive(Clone, Debug)]
pub struct Outcome {
    pub verdict: Verdict,
    pub wall_ms: u64,
    pub cpu_ms: u64,
    pub peak_kib: u64,
    /// The checker's wall time, when one judged the answer.
    pub checker_ms: Option<u64>,
    /// The interactor's CPU time, when the program talked with one (its wall time is the
    /// exchange's).
    pub interactor_ms: Option<u64>,
    /// Lines shown under the verdict line, already indented and cut to the terminal.
    pub detail: Vec<String>,
    /// The score a Kattis output validator gave (`score.txt`), if any.
    pub score: Option<f64>,
}

impl Outcome {
    pub fn of_run(verdict: Verdict, run: &Run, detail: Vec<String>) -> Outcome {
        Outcome {
            verdict,
            wall_ms: run.wall_ms,
            cpu_ms: run.cpu_ms,
            peak_kib: run.peak_kib,
            checker_ms: None,
            interactor_ms: None,
            detail,
            score: None,
        }
    }

    /// The outcome of an output judged with no run (an output-only task's file handed in):
    /// no time, no memory.
    pub fn without_run(verdict: Verdict, detail: Vec<String>) -> Outcome {
        Outcome {
            verdict,
            wall_ms: 0,
            cpu_ms: 0,
            peak_kib: 0,
            checker_ms: None,
            interactor_ms: None,
            detail,
            score: None,
        }
    }
}

/// A run killed at the wall backstop whose program was ready to run at this share of the
/// looks (percent) or more was starved of CPU, not asleep.
pub const STARVED_PCT: u64 = 50;

/// The verdict of the way `run` ended, `None` when it ended as it should (exit code
/// `exit_expected`, within every limit) and its output decides. `Err` when the run was
/// cancelled (the judge is being interrupted). An RE or TLE of a run that had about as many
/// processes and threads as the process limit allows says so: there `fork` and
/// `pthread_create` fail (EAGAIN), which a fork bomb or a program that does not check them
/// turns into a crash, an exit code or endless retries.
pub fn of_run(
    run: &Run,
    limits: &Limits,
    exit_expected: i32,
) -> Result<Option<(Verdict, String)>, String> {
    let verdict = by_limits(run, limits, exit_expected)?;
    Ok(verdict.map(|(v, why)| match v {
        Verdict::Re | Verdict::Tle
            if at_process_limit(run) && run.killed != Some(Kill::Processes) =>
        {
            (
                v,
                format!(
                    "{why}; it hit the process limit of {} processes and threads",
                    run.task_limit
                ),
            )
        }
        _ => (v, why),
    }))
}

/// Whether the run had at least nine tenths of the process limit at once (the supervisor
/// and a look's lag take a few; a fork bomb sits at the limit).
fn at_process_limit(run: &Run) -> bool {
    run.task_limit > 0 && run.tasks.saturating_mul(10) >= run.task_limit.saturating_mul(9)
}

/// The verdict of the way `run` ended, before [`of_run`]'s word on the process limit.
fn by_limits(
    run: &Run,
    limits: &Limits,
    exit_expected: i32,
) -> Result<Option<(Verdict, String)>, String> {
    if let Some(kill) = run.killed {
        return by_kill(kill, run, limits).map(Some);
    }
    let lim = limits.time_ms;
    let tle = |why: String| Ok(Some((Verdict::Tle, why)));
    if run.peak_kib > limits.memory_kib {
        return Ok(Some((
            Verdict::Mle,
            format!(
                "peak {} (limit {})",
                mib(run.peak_kib),
                mib(limits.memory_kib)
            ),
        )));
    }
    if run.status == Status::Signal(sys::SIGXCPU) {
        return tle(format!(
            "killed by SIGXCPU after {} ms of CPU time",
            run.cpu_ms
        ));
    }
    if limits.wall_time && run.wall_ms > lim {
        return tle(format!("{} ms of wall time (limit {lim} ms)", run.wall_ms));
    }
    if !limits.wall_time && run.cpu_ms > lim {
        return tle(format!("{} ms of CPU time (limit {lim} ms)", run.cpu_ms));
    }
    Ok(match run.status {
        // A stack seen near its limit makes a segmentation fault likely its overflow.
        Status::Signal(sig)
            if sig == libc::SIGSEGV && run.stack_kib * 4 >= limits.stack_limit_kib() * 3 =>
        {
            Some((
                Verdict::Re,
                format!(
                    "killed by {}: stack overflow? (its stack reached {} of its {} limit; \
                     --stack-limit-mib raises it)",
                    sys::signal_name(sig),
                    mib(run.stack_kib),
                    mib(limits.stack_limit_kib()),
                ),
            ))
        }
        Status::Signal(sig) => Some((Verdict::Re, format!("killed by {}", sys::signal_name(sig)))),
        Status::Code(c) if c == exit_expected => None,
        Status::Code(0) => Some((
            Verdict::Wa,
            format!("exit code 0, expected {exit_expected}"),
        )),
        Status::Code(c) => Some((
            Verdict::Re,
            format!("exit code {c}, expected {exit_expected}"),
        )),
    })
}

/// Whether `run` used CPU time near enough its limit (three quarters of it or more) that a
/// wall-clock kill is its own slowness, never the machine's starving it or its sleeping.
fn spent(run: &Run, limits: &Limits) -> bool {
    run.cpu_ms.saturating_mul(4) >= limits.time_ms.saturating_mul(3)
}

/// [`of_run`] for a program that talks with an interactor: a wait the backstop ended says
/// what such a wait mostly is, a question never flushed, so that the interactor never read it.
pub fn of_interactive_run(run: &Run, limits: &Limits) -> Result<Option<(Verdict, String)>, String> {
    Ok(of_run(run, limits, 0)?.map(|(v, why)| {
        if v == Verdict::Tle && asleep(run, limits) {
            let hint = "not flushed? An interactive program must flush each line it writes \
                        (fflush(stdout), cout << endl, print(..., flush=True), \
                        System.out.flush()): unflushed, the interactor never reads it and \
                        both wait";
            // After the question (`sleeping or waiting for input?`) another; after a fact
            // (`--wall-time`'s), what it may mean.
            let or = if why.ends_with('?') {
                " Or"
            } else {
                ": asleep, or"
            };
            (v, format!("{why}{or} {hint}"))
        } else {
            (v, why)
        }
    }))
}

/// Whether `run` was ended by the wall-clock backstop while it neither ran (ready to run at
/// few of the looks) nor spent its CPU time: asleep, or waiting for input that never came.
fn asleep(run: &Run, limits: &Limits) -> bool {
    run.killed == Some(Kill::Wall) && run.runnable_pct < STARVED_PCT && !spent(run, limits)
}

/// The verdict of a run its supervisor killed (`kill`); `Err` when the judge cancelled it.
fn by_kill(kill: Kill, run: &Run, limits: &Limits) -> Result<(Verdict, String), String> {
    let lim = limits.time_ms;
    let tle = |why: String| Ok((Verdict::Tle, why));
    match kill {
        Kill::Cancelled => Err("interrupted".to_string()),
        Kill::Cpu => tle(format!(
            "killed after {} ms of CPU time (limit {lim} ms)",
            run.cpu_ms
        )),
        Kill::Wall if limits.wall_time => tle(format!(
            "killed after {} ms of wall time (limit {lim} ms, --wall-time)",
            run.wall_ms
        )),
        // CPU time at the limit by the backstop: slow (an endless loop), whoever else ran;
        // the backstop only came before the CPU limit's look.
        Kill::Wall if run.cpu_ms >= lim => tle(format!(
            "{} ms of CPU time (limit {lim} ms): CPU time over the limit",
            run.cpu_ms
        )),
        Kill::Wall if spent(run, limits) => tle(format!(
            "killed at the {} ms wall-clock backstop with {} ms of CPU time, near its limit \
             of {lim} ms: too slow, if slowed further by a busy machine",
            limits.wall_backstop_ms(),
            run.cpu_ms,
        )),
        // Ready to run at most looks, yet given little CPU time: the machine's fault.
        // Its backstop was drawn out while it waited for a CPU, as far as it goes.
        Kill::Wall if run.runnable_pct >= STARVED_PCT => tle(format!(
            "killed after {} ms of wall time (its {} ms backstop drawn out while it waited \
             for a CPU) with only {} ms of CPU time, though it was ready to run at {}% of \
             the judge's looks: starved of CPU by a busy machine, not slow; judge it again \
             on a quieter one (or with fewer -j)",
            run.wall_ms,
            limits.wall_backstop_ms(),
            run.cpu_ms,
            run.runnable_pct,
        )),
        Kill::Wall => tle(format!(
            "killed at the {} ms wall-clock backstop with {} ms of CPU time: sleeping or \
             waiting for input?",
            limits.wall_backstop_ms(),
            run.cpu_ms,
        )),
        Kill::Memory => Ok((
            Verdict::Mle,
            format!(
                "killed at {} (limit {})",
                mib(run.peak_kib),
                mib(limits.memory_kib)
            ),
        )),
        Kill::SupervisorKilled => {
            let how = match run.status {
                Status::Signal(sig) => format!(" ({})", sys::signal_name(sig)),
                Status::Code(_) => String::new(),
            };
            Ok((
                Verdict::Re,
                format!("the program signalled its supervisor{how}; its processes were killed"),
            ))
        }
        Kill::SupervisorStopped => Ok((
            Verdict::Re,
            format!(
                "the program stopped its supervisor (SIGSTOP); the judge ended the run {} ms \
                 after it began",
                run.wall_ms
            ),
        )),
        Kill::Processes => Ok((
            Verdict::Re,
            format!(
                "killed at {} processes and threads, past the process limit of {}",
                run.tasks, run.task_limit
            ),
        )),
        Kill::Output => Ok((
            Verdict::Ole,
            format!(
                "killed: stdout passed the output limit of {} MiB",
                limits.output_bytes >> 20
            ),
        )),
    }
}

/// The stderr line worth showing under an RE: the line that names the error, where a
/// runtime says one (Java's and Kotlin's `Exception in thread "main" java.lang.X: why`, or the
/// last `Caused by:` of its chain, the root cause; Go's `panic: ...`; Rust's `thread 'main'
/// panicked at FILE:` with the message on its next line), else the last non-empty line
/// (Python's `ZeroDivisionError: division by zero`, C++'s `what():  ...`). As a program
/// printed it, control characters escaped ([`crate::text::message`]), cut to the terminal.
/// `stderr` may be a long stderr's head and tail (see `run::files::read_ends`).
pub fn stderr_line(stderr: &[u8]) -> Option<String> {
    let lines: Vec<&[u8]> = stderr
        .split(|&b| b == b'\n')
        .map(<[u8]>::trim_ascii)
        .filter(|l| !l.is_empty())
        .collect();
    let names = |l: &&[u8]| {
        [
            "Exception in thread ",
            "Caused by: ",
            "panic: ",
            "fatal error: ",
        ]
        .iter()
        .any(|p| l.starts_with(p.as_bytes()))
            || l.windows(12).any(|w| w == b"' panicked a")
    };
    let shown = match lines.iter().rposition(names) {
        // Rust since 1.73: `thread 'main' panicked at src/main.rs:3:5:`, then the message.
        Some(i) if lines[i].ends_with(b":") && lines[i].starts_with(b"thread ") => {
            let mut both = lines[i].to_vec();
            if let Some(next) = lines.get(i + 1) {
                both.push(b' ');
                both.extend_from_slice(next);
            }
            both
        }
        Some(i) => lines[i].to_vec(),
        None => lines.last()?.to_vec(),
    };
    let text = crate::text::message(&shown);
    Some(detail(&format!("stderr: {text}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(cpu_ms: u64, wall_ms: u64, status: Status, killed: Option<Kill>) -> Run {
        Run {
            wall_ms,
            cpu_ms,
            peak_kib: 1024,
            status,
            killed,
            runnable_pct: 0,
            stack_kib: 0,
            tasks: 1,
            task_limit: 0,
        }
    }

    const CPU: Limits = Limits {
        time_ms: 1000,
        wall_time: false,
        memory_kib: 65536,
        output_bytes: 1 << 26,
        stack_kib: None,
    };

    fn verdict(r: Run, l: &Limits) -> Option<Verdict> {
        of_run(&r, l, 0).unwrap().map(|(v, _)| v)
    }

    #[test]
    fn the_time_limit_is_on_cpu_time_unless_wall_time_is_asked_for() {
        // Slow on the wall clock but cheap in CPU (waiting on I/O): fine under a CPU limit.
        assert_eq!(verdict(run(200, 1500, Status::Code(0), None), &CPU), None);
        assert_eq!(
            verdict(run(1200, 1300, Status::Code(0), None), &CPU),
            Some(Verdict::Tle)
        );
        let wall = Limits {
            wall_time: true,
            ..CPU
        };
        assert_eq!(
            verdict(run(200, 1500, Status::Code(0), None), &wall),
            Some(Verdict::Tle)
        );
        assert_eq!(CPU.wall_backstop_ms(), 3000);
        let (v, why) = of_run(&run(5, 3000, Status::Signal(9), Some(Kill::Wall)), &CPU, 0)
            .unwrap()
            .unwrap();
        assert_eq!(v, Verdict::Tle);
        assert!(why.contains("sleeping or waiting for input"), "{why}");
    }

    #[test]
    fn a_failure_at_the_process_limit_says_so() {
        let bomb = Run {
            tasks: 1020,
            task_limit: 1024,
            ..run(5, 50, Status::Code(1), None)
        };
        let (v, why) = of_run(&bomb, &CPU, 0).unwrap().unwrap();
        assert_eq!(v, Verdict::Re);
        assert_eq!(
            why,
            "exit code 1, expected 0; it hit the process limit of 1024 processes and threads"
        );
        // Fewer processes, or no limit in force (no namespaces): the plain message.
        for quiet in [
            Run { tasks: 100, ..bomb },
            Run {
                task_limit: 0,
                ..bomb
            },
        ] {
            assert_eq!(
                of_run(&quiet, &CPU, 0).unwrap().unwrap().1,
                "exit code 1, expected 0"
            );
        }
        // An accepted run is accepted however many it had.
        let fine = Run {
            status: Status::Code(0),
            ..bomb
        };
        assert!(of_run(&fine, &CPU, 0).unwrap().is_none());
    }

    #[test]
    fn output_past_the_limit_is_its_own_verdict() {
        let r = run(5, 5, Status::Signal(25), Some(Kill::Output));
        assert_eq!(verdict(r, &CPU), Some(Verdict::Ole));
    }

    #[test]
    fn the_useful_stderr_line_is_the_last_one() {
        let python = b"Traceback (most recent call last):\n  File \"a.py\", line 1, in <module>\n\
                       ZeroDivisionError: division by zero\n\n";
        assert_eq!(
            stderr_line(python).unwrap().trim(),
            "stderr: ZeroDivisionError: division by zero"
        );
        assert_eq!(
            stderr_line(b"\x1b[31mboom\x1b[0m\n").unwrap().trim(),
            "stderr: \\x1b[31mboom\\x1b[0m"
        );
        assert_eq!(stderr_line(b" \n\n"), None);
    }

    #[test]
    fn the_useful_stderr_line_names_the_error() {
        let java = b"Exception in thread \"main\" java.lang.ArithmeticException: / by zero\n\
                     \tat Bad.main(Bad.java:3)\n";
        assert_eq!(
            stderr_line(java).unwrap().trim(),
            "stderr: Exception in thread \"main\" java.lang.ArithmeticException: / by zero"
        );
        let rust = b"thread 'main' panicked at a.rs:2:5:\nindex out of bounds: the len is 3 but \
                     the index is 5\nnote: run with `RUST_BACKTRACE=1` environment variable to \
                     display a backtrace\n";
        assert_eq!(
            stderr_line(rust).unwrap().trim(),
            "stderr: thread 'main' panicked at a.rs:2:5: index out of bounds: the len is 3 \
             but the index is 5"
        );
        let go = b"panic: runtime error: index out of range [5] with length 3\n\n\
                   goroutine 1 [running]:\nmain.main()\n\t/tmp/a.go:5 +0x1d\n";
        assert_eq!(
            stderr_line(go).unwrap().trim(),
            "stderr: panic: runtime error: index out of range [5] with length 3"
        );
        // As printed: a backslash is one.
        assert_eq!(
            stderr_line(b"bad escape \\n\n").unwrap().trim(),
            "stderr: bad escape \\n"
        );
    }

    #[test]
    fn a_run_at_its_cpu_limit_by_the_backstop_is_slow_not_starved() {
        // `while True: x += 1` on a busy machine: the backstop's look came first, with the
        // CPU time past the limit; it was ready to run at every look.
        let busy = |cpu_ms| Run {
            runnable_pct: 100,
            ..run(cpu_ms, 3000, Status::Signal(9), Some(Kill::Wall))
        };
        let why = |r: Run| of_run(&r, &CPU, 0).unwrap().unwrap();
        let (v, over) = why(busy(1005));
        assert_eq!(v, Verdict::Tle);
        assert_eq!(
            over,
            "1005 ms of CPU time (limit 1000 ms): CPU time over the limit"
        );
        let near = why(busy(800)).1;
        assert!(
            near.contains("near its limit") && !near.contains("starved"),
            "{near}"
        );
        // Well under the limit while ready to run: starved.
        assert!(why(busy(100)).1.contains("starved"));
        assert!(!asleep(&busy(100), &CPU) && !asleep(&busy(1005), &CPU));
    }

    #[test]
    fn an_interactive_program_asleep_at_the_backstop_may_not_have_flushed() {
        let asleep = run(5, 3000, Status::Signal(9), Some(Kill::Wall));
        let why = |l: &Limits| of_interactive_run(&asleep, l).unwrap().unwrap().1;
        assert!(
            why(&CPU).ends_with(
                "sleeping or waiting for input? Or not flushed? An interactive \
                 program must flush each line it writes (fflush(stdout), cout << endl, \
                 print(..., flush=True), System.out.flush()): unflushed, the interactor never \
                 reads it and both wait"
            ),
            "{}",
            why(&CPU)
        );
        let wall = Limits {
            wall_time: true,
            ..CPU
        };
        assert!(why(&wall).contains("--wall-time): asleep, or not flushed? "));
        // Not asleep: a program that spun to its limit is not told of flushing.
        let spun = run(1005, 3000, Status::Signal(9), Some(Kill::Wall));
        let (_, said) = of_interactive_run(&spun, &CPU).unwrap().unwrap();
        assert!(!said.contains("flush"), "{said}");
    }
}
