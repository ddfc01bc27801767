//! Running a checker with testlib's convention: `CHECKER INPUT OUTPUT ANSWER`, exit code 0
//! accepted, 1 wrong answer, 2 presentation error, 3 the checker itself failed, 7 points; its
//! message is what it printed on stdout and stderr.
//!
//! Kattis' output validators speak another protocol, also here: `VALIDATOR INPUT ANSWER
//! FEEDBACK_DIR/ [ARGS] < OUTPUT`, exit code 42 accepted, 43 wrong answer, anything else the
//! validator's own failure; its message is `judgemessage.txt` from the feedback folder (else
//! what it printed), and a scoring problem's case score is `score.txt`.
//!
//! CMS's checkers (a TPS export's `checker/`, italy_yaml's `cor/correttore`) speak a third:
//! `CHECKER INPUT ANSWER OUTPUT`, the case's score in [0, 1] on stdout's first line and the
//! message on stderr's first line (CMS's `translate:success`, `translate:wrong` and
//! `translate:partial` are shown as CMS shows them); exit code 0, anything else is the
//! checker's own failure. Score 1 is accepted, 0 wrong, anything between partial points.
//!
//! A checker runs under the same supervisor as a program (10 s of CPU, 1 GiB, 64 MiB of
//! output), so a hanging or flooding checker cannot hang the judge. One that fails (exit 3,
//! any other code, a signal, a limit) is a setup error: the contestant's program is not to
//! blame, so the judge stops and says so once.
//!
//! Its message (stdout, then stderr) is kept whole up to [`MESSAGE_KEEP`] bytes, to be saved
//! beside a failing case's outputs; what is printed is a few lines of it, cut to the width.

use std::fs;
use std::io::Read;
use std::path::Path;

use super::Protocol;
use crate::run::files::{read_capped, sibling};
use crate::run::program::Program;
use crate::run::sandbox::{run_program, Limits, Run};
use crate::run::sys::Status;

/// A checker: our `checker` tool for one of our problems (`checker PROBLEM ...`), or any
/// command (`--checker-cmd`).
#[derive(Clone, Debug)]
pub struct Checker {
    pub program: Program,
    pub protocol: Protocol,
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

pub const LIMITS: Limits = Limits {
    time_ms: 10_000,
    wall_time: false,
    memory_kib: 1 << 20,
    output_bytes: 64 << 20,
    stack_kib: None,
};

/// The most of a checker's message that is kept (each of stdout and stderr).
pub const MESSAGE_KEEP: u64 = 1 << 20;

/// A checker's word on one answer.
#[derive(Clone, Debug)]
pub struct Checked {
    pub judgement: Judgement,
    /// Its whole message (up to [`MESSAGE_KEEP`] of each stream), non-empty lines.
    pub message: String,
    /// Its wall time, start-up included.
    pub wall_ms: u64,
}

/// The first lines of a long message, joined by `; `, with how many more there were.
pub fn summary(message: &str, lines: usize, chars: usize) -> String {
    let all: Vec<&str> = message.lines().collect();
    let mut s: String = all
        .iter()
        .take(lines)
        .map(|l| crate::text::fit(l, chars))
        .collect::<Vec<_>>()
        .join("; ");
    if all.len() > lines {
        s.push_str(&format!(" (and {} more lines)", all.len() - lines));
    }
    s
}

impl Checker {
    /// Our checker (this binary's `check` subcommand) for `problem`.
    pub fn ours(problem: &str) -> Result<Checker, String> {
        let exe = std::env::current_exe()
            .map_err(|e| format!("cannot find the judge's own binary: {e}"))?;
        Ok(Checker {
            program: Program::Direct(vec![
                exe.display().to_string(),
                "check".to_string(),
                problem.to_string(),
            ]),
            protocol: Protocol::Testlib,
        })
    }

    /// `--checker-cmd CMD`, which must be runnable.
    pub fn command(cmd: &str) -> Result<Checker, String> {
        let program = Program::from_cmd(cmd);
        program
            .check_runnable()
            .map_err(|e| format!("--checker-cmd: {e}"))?;
        Ok(Checker {
            program,
            protocol: Protocol::Testlib,
        })
    }

    /// A checker program that speaks `protocol`; `None` for a CMS manager, which is an
    /// interactor.
    pub fn new(program: Program, protocol: Protocol) -> Option<Checker> {
        match protocol {
            Protocol::CmsManager { .. } => None,
            protocol => Some(Checker { program, protocol }),
        }
    }

    pub fn describe(&self) -> String {
        match &self.protocol {
            Protocol::Testlib => self.program.describe(),
            Protocol::Kattis { flags } if flags.is_empty() => {
                format!("{} (42/43)", self.program.describe())
            }
            Protocol::Kattis { flags } => {
                format!("{} {} (42/43)", self.program.describe(), flags.join(" "))
            }
            Protocol::Cms => format!("{} (CMS: score on stdout)", self.program.describe()),
            Protocol::CmsManager { .. } => unreachable!("Checker::new refuses a manager"),
        }
    }

    /// Checks `output` against `answer` for `input`; `scratch` names the files the checker's
    /// own output goes to (`.checker.out`, `.checker.err` are appended; a private folder's).
    /// `Err` when the checker failed: its reason, with the message's first lines; the whole
    /// message is then written to `keep` (`CASE.checker` beside the kept outputs).
    pub fn check(
        &self,
        input: &Path,
        output: &Path,
        answer: &Path,
        scratch: &Path,
        keep: &Path,
    ) -> Result<Checked, String> {
        match &self.protocol {
            Protocol::Kattis { .. } | Protocol::Cms => {
                return self
                    .check_scored(input, output, answer, scratch, keep, &[])
                    .map(|(c, _)| c)
            }
            Protocol::Testlib => {}
            Protocol::CmsManager { .. } => unreachable!("Checker::new refuses a manager"),
        }
        let (run, out, err) = self.run(&[input, output, answer], scratch)?;
        let mut text = out;
        text.push(b'\n');
        text.extend(err);
        let message = lines_of(&text);
        let failed = |how: String| self.failed(how, &message, keep);
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
        let judgement = match run.status {
            Status::Code(0) => Judgement::Accepted,
            Status::Code(1) => Judgement::Wrong(or_default(&message, "rejected (no reason given)")),
            Status::Code(2) => Judgement::Presentation(or_default(&message, "presentation error")),
            Status::Code(7) => {
                // testlib's quitp prints `points SCORE message`.
                let rest = message.strip_prefix("points ").unwrap_or(&message);
                let (score, why) = rest.split_once(' ').unwrap_or((rest, ""));
                Judgement::Points(score.to_string(), why.trim().to_string())
            }
            Status::Code(3) => return failed("failed (exit code 3)".to_string()),
            Status::Code(c) => return failed(format!(
                "ended with exit code {c} (testlib's codes: 0 AC, 1 WA, 2 PE, 3 checker failure, 7 points)"
            )),
            Status::Signal(s) => {
                return failed(format!("was killed by {}", crate::run::sys::signal_name(s)))
            }
        };
        Ok(Checked {
            judgement,
            message,
            wall_ms: run.wall_ms,
        })
    }

    /// Runs the checker on `files` (made absolute); its stdout and stderr, each up to
    /// [`MESSAGE_KEEP`] bytes.
    fn run(&self, files: &[&Path], scratch: &Path) -> Result<(Run, Vec<u8>, Vec<u8>), String> {
        let files: Vec<String> = files
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
        let run = run_program(&self.program, &files, None, &out, &err, LIMITS)
            .map_err(|e| format!("checker: {e}"))?;
        let read = |p: &Path| {
            let mut v = Vec::new();
            if let Ok(f) = std::fs::File::open(p) {
                let _ = f.take(MESSAGE_KEEP).read_to_end(&mut v);
            }
            let _ = std::fs::remove_file(p);
            v
        };
        let (out, err) = (read(&out), read(&err));
        Ok((run, out, err))
    }

    /// The setup error of a checker that failed `how`, with its message's first lines; the
    /// whole message is written to `keep`.
    fn failed<T>(&self, how: String, message: &str, keep: &Path) -> Result<T, String> {
        let written = crate::run::files::create_fresh(keep)
            .and_then(|mut f| std::io::Write::write_all(&mut f, message.as_bytes()));
        let kept = match written {
            Ok(()) if !message.is_empty() => format!(" (whole message: {})", keep.display()),
            _ => String::new(),
        };
        Err(format!(
            "the checker `{}` {how}{}{kept}",
            self.describe(),
            if message.is_empty() {
                String::new()
            } else {
                let line = summary(message, 3, 200);
                format!(": {}", crate::text::printable(line.as_bytes()))
            }
        ))
    }

    /// A CMS checker's word: `CHECKER INPUT ANSWER OUTPUT`, the score on stdout's first
    /// line, the message on stderr's first line.
    fn check_cms(
        &self,
        input: &Path,
        output: &Path,
        answer: &Path,
        scratch: &Path,
        keep: &Path,
    ) -> Result<(Checked, f64), String> {
        let (run, out, err) = self.run(&[input, answer, output], scratch)?;
        let (out, err) = (lines_of(&out), lines_of(&err));
        let whole = [out.as_str(), err.as_str()]
            .iter()
            .filter(|m| !m.is_empty())
            .copied()
            .collect::<Vec<_>>()
            .join("\n");
        let (score, message) = match cms_answer(&run, &out, &err) {
            Ok(answer) => answer,
            Err(how) => return self.failed(how, &whole, keep),
        };
        let judgement = cms_judgement(score, &message);
        let checked = Checked {
            judgement,
            message: if err.is_empty() { message } else { err },
            wall_ms: run.wall_ms,
        };
        Ok((checked, score))
    }

    /// [`Checker::check`] with a case's extra validator arguments, and the score a Kattis
    /// validator gave (`score.txt`), if any.
    pub fn check_scored(
        &self,
        input: &Path,
        output: &Path,
        answer: &Path,
        scratch: &Path,
        keep: &Path,
        extra: &[String],
    ) -> Result<(Checked, Option<f64>), String> {
        if self.protocol == Protocol::Cms {
            return self
                .check_cms(input, output, answer, scratch, keep)
                .map(|(c, score)| (c, Some(score)));
        }
        let Protocol::Kattis { flags } = &self.protocol else {
            return self
                .check(input, output, answer, scratch, keep)
                .map(|c| (c, None));
        };
        let args: Vec<String> = flags.iter().chain(extra).cloned().collect();
        let (judgement, score, wall_ms) = kattis(self, &args, input, output, answer, scratch)?;
        let message = match &judgement {
            Judgement::Wrong(m) | Judgement::Presentation(m) => m.clone(),
            Judgement::Points(_, m) => m.clone(),
            Judgement::Accepted => String::new(),
        };
        Ok((
            Checked {
                judgement,
                message,
                wall_ms,
            },
            score,
        ))
    }
}

/// Output's text as its trimmed non-empty lines.
fn lines_of(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes)
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

/// A CMS checker's message as CMS shows it: its `translate:` keys become CMS's own words.
fn cms_message(line: &str) -> String {
    match line.trim() {
        "translate:success" => "Output is correct".to_string(),
        "translate:wrong" => "Output isn't correct".to_string(),
        "translate:partial" => "Output is partially correct".to_string(),
        other => other.to_string(),
    }
}

/// A CMS checker's or manager's answer from its run and its trimmed stdout and stderr: the
/// score (stdout's first line, from 0 to 1) and the message (stderr's first line, in CMS's
/// words). `Err`: how it failed (killed, an exit code other than 0, no score).
pub fn cms_answer(run: &Run, out: &str, err: &str) -> Result<(f64, String), String> {
    if let Some(kill) = run.killed {
        return Err(format!("was killed ({} limit)", kill.name()));
    }
    match run.status {
        Status::Code(0) => {}
        Status::Code(c) => {
            return Err(format!(
                "ended with exit code {c} (CMS's protocol: exit 0, the score on stdout)"
            ))
        }
        Status::Signal(s) => {
            return Err(format!("was killed by {}", crate::run::sys::signal_name(s)))
        }
    }
    let first = out.lines().next().unwrap_or("");
    match first.trim().parse::<f64>() {
        Ok(x) if (0.0..=1.0).contains(&x) => Ok((x, cms_message(err.lines().next().unwrap_or("")))),
        _ => Err(format!(
            "printed {:?} where CMS's protocol has the score, a number from 0 to 1",
            crate::text::fit(first, 60)
        )),
    }
}

/// What a CMS score means: 1 accepted, 0 wrong, between them partial points.
pub fn cms_judgement(score: f64, message: &str) -> Judgement {
    if score >= 1.0 {
        Judgement::Accepted
    } else if score <= 0.0 {
        Judgement::Wrong(message.to_string())
    } else {
        Judgement::Points(format!("{score}"), message.to_string())
    }
}

/// The message a validator left: `judgemessage.txt`, else its stdout and stderr, one line.
pub fn message(feedback: &Path, out: &Path, err: &Path) -> String {
    // Capped reads: a validator that writes gigabytes costs the judge no more than this.
    const KEEP: u64 = 64 * 1024;
    let mut text = read_capped(&feedback.join("judgemessage.txt"), KEEP);
    if text.iter().all(u8::is_ascii_whitespace) {
        text = read_capped(out, KEEP);
        text.push(b'\n');
        text.extend(read_capped(err, KEEP));
    }
    text.truncate(KEEP as usize);
    String::from_utf8_lossy(&text)
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join("; ")
}

/// Runs a Kattis output validator on `output` (its stdin): `VALIDATOR INPUT ANSWER
/// FEEDBACK_DIR/ ARGS...`. The feedback folder is `scratch.feedback/`, left in place for a
/// look; the score is `score.txt`'s number when the output is accepted, and the validator's wall
/// time comes with it.
fn kattis(
    checker: &Checker,
    args: &[String],
    input: &Path,
    output: &Path,
    answer: &Path,
    scratch: &Path,
) -> Result<(Judgement, Option<f64>, u64), String> {
    let feedback = sibling(scratch, "feedback");
    let _ = fs::remove_dir_all(&feedback);
    fs::create_dir_all(&feedback).map_err(|e| format!("{}: {e}", feedback.display()))?;
    let abs = |p: &Path| {
        std::path::absolute(p)
            .unwrap_or(p.to_path_buf())
            .display()
            .to_string()
    };
    let mut argv = vec![abs(input), abs(answer), format!("{}/", abs(&feedback))];
    argv.extend(args.iter().cloned());
    let (out, err) = (
        sibling(scratch, "validator.out"),
        sibling(scratch, "validator.err"),
    );
    let run = run_program(&checker.program, &argv, Some(output), &out, &err, LIMITS)
        .map_err(|e| format!("output validator: {e}"))?;
    let said = message(&feedback, &out, &err);
    let _ = fs::remove_file(&out);
    let _ = fs::remove_file(&err);
    let failed = |how: String| {
        Err(format!(
            "the output validator `{}` {how} (Kattis' codes: 42 accepted, 43 wrong answer){}",
            checker.program.describe(),
            if said.is_empty() {
                String::new()
            } else {
                format!(": {said}")
            }
        ))
    };
    if let Some(kill) = run.killed {
        return failed(format!("was killed ({} limit)", kill.name()));
    }
    match run.status {
        Status::Code(42) => {
            let score = read_score(&feedback)?;
            let _ = fs::remove_dir_all(&feedback);
            Ok((Judgement::Accepted, score, run.wall_ms))
        }
        Status::Code(43) => Ok((
            Judgement::Wrong(if said.is_empty() {
                "rejected (no judgemessage.txt)".to_string()
            } else {
                said
            }),
            None,
            run.wall_ms,
        )),
        Status::Code(c) => failed(format!("ended with exit code {c}")),
        Status::Signal(s) => failed(format!("was killed by {}", crate::run::sys::signal_name(s))),
    }
}

/// `score.txt` in a feedback folder, if there is one; bad contents are a setup error.
pub fn read_score(feedback: &Path) -> Result<Option<f64>, String> {
    let path = feedback.join("score.txt");
    if !path.is_file() {
        return Ok(None);
    }
    let text = String::from_utf8_lossy(&read_capped(&path, 4096)).into_owned();
    match text.trim().parse::<f64>() {
        Ok(x) if x.is_finite() && x >= 0.0 => Ok(Some(x)),
        _ => Err(format!(
            "{}: expected a non-negative number, found `{}`",
            path.display(),
            crate::text::printable(text.trim().as_bytes())
        )),
    }
}
