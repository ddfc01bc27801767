//! Running a checker with testlib's convention: `CHECKER INPUT OUTPUT ANSWER`, exit code 0
//! accepted, 1 wrong answer, 2 presentation error, 3 the checker itself failed, 7 points; its
//! message is what it printed on stdout and stderr.
//!
//! A checker runs under the same supervisor as a program (10 s of CPU, 1 GiB, 1 MiB of
//! output), so a hanging or flooding checker cannot hang the judge. One that fails (exit 3,
//! any other code, a signal, a limit) is a setup error: the contestant's program is not to
//! blame, so the judge stops and says so once.

use std::path::Path;

use crate::run::files::sibling;
use crate::run::program::Program;
use crate::run::sandbox::run_program;
use crate::run::sandbox::Limits;
use crate::run::sys::Status;

/// A checker: our `checker` tool for one of our problems (`checker PROBLEM ...`), or any
/// command (`--checker-cmd`).
#[derive(Clone, Debug)]
pub struct Checker {
    pub program: Program,
}

/// What a checker said of an answer (the strings are its message).
#[derive(Clone, Debug, PartialEq)]
pub enum Judgement {
    Accepted,
    Wrong(String),
    Presentation(String),
    /// Partial points: the score as the checker printed it, and the rest of its message.
    Points(String, String),
}

const LIMITS: Limits = Limits {
    time_ms: 10_000,
    wall_time: false,
    memory_kib: 1 << 20,
    output_bytes: 1 << 20,
};

impl Checker {
    /// Our checker for `problem`: this very binary's `check` subcommand.
    pub fn ours(problem: &str) -> Result<Checker, String> {
        let exe = std::env::current_exe()
            .map_err(|e| format!("cannot find the judge's own binary: {e}"))?;
        Ok(Checker {
            program: Program::Direct(vec![
                exe.display().to_string(),
                "check".to_string(),
                problem.to_string(),
            ]),
        })
    }

    /// `--checker-cmd CMD`, which must be runnable.
    pub fn command(cmd: &str) -> Result<Checker, String> {
        let program = Program::from_cmd(cmd);
        program
            .check_runnable()
            .map_err(|e| format!("--checker-cmd: {e}"))?;
        Ok(Checker { program })
    }

    pub fn describe(&self) -> String {
        self.program.describe()
    }

    /// Checks `output` against `answer` for `input`; `scratch` names the files the checker's
    /// own output goes to (`.checker.out`, `.checker.err` are appended). `Err` when the
    /// checker failed.
    pub fn check(
        &self,
        input: &Path,
        output: &Path,
        answer: &Path,
        scratch: &Path,
    ) -> Result<Judgement, String> {
        let files: Vec<String> = [input, output, answer]
            .iter()
            .map(|p| {
                std::path::absolute(p)
                    .unwrap_or(p.to_path_buf())
                    .display()
                    .to_string()
            })
            .collect();
        let (out, err) = (
            sibling(scratch, "checker.out"),
            sibling(scratch, "checker.err"),
        );
        let run = run_program(
            &self.program,
            &files,
            Path::new("/dev/null"),
            &out,
            &err,
            LIMITS,
        )
        .map_err(|e| format!("checker: {e}"))?;
        let mut text = std::fs::read(&out).unwrap_or_default();
        text.push(b'\n');
        text.extend(std::fs::read(&err).unwrap_or_default());
        let _ = std::fs::remove_file(&out);
        let _ = std::fs::remove_file(&err);
        let message = String::from_utf8_lossy(&text)
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect::<Vec<_>>()
            .join("; ");
        let failed = |how: String| {
            Err(format!(
                "the checker `{}` {how}{}",
                self.describe(),
                if message.is_empty() {
                    String::new()
                } else {
                    format!(": {message}")
                }
            ))
        };
        if let Some(kill) = run.killed {
            return failed(format!("was killed ({} limit)", kill.name()));
        }
        let or_default = |m: &str, default: &str| {
            if m.is_empty() {
                default.to_string()
            } else {
                m.to_string()
            }
        };
        match run.status {
            Status::Code(0) => Ok(Judgement::Accepted),
            Status::Code(1) => Ok(Judgement::Wrong(or_default(&message, "rejected (no reason given)"))),
            Status::Code(2) => Ok(Judgement::Presentation(or_default(&message, "presentation error"))),
            Status::Code(7) => {
                // testlib's quitp prints `points SCORE message`.
                let rest = message.strip_prefix("points ").unwrap_or(&message);
                let (score, why) = rest.split_once(' ').unwrap_or((rest, ""));
                Ok(Judgement::Points(score.to_string(), why.trim().to_string()))
            }
            Status::Code(3) => failed("failed (exit code 3)".to_string()),
            Status::Code(c) => failed(format!(
                "ended with exit code {c} (testlib's codes: 0 AC, 1 WA, 2 PE, 3 checker failure, 7 points)"
            )),
            Status::Signal(s) => failed(format!("was killed by {}", crate::run::sys::signal_name(s))),
        }
    }
}
