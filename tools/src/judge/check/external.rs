//! Checker programs: ours, `--checker-cmd`'s, or a package's checker or output validator,
//! run on one answer in the [`Protocol`] it speaks:
//!
//! - testlib: `CHECKER INPUT OUTPUT ANSWER`, exit code 0 accepted, 1 wrong answer, 2
//!   presentation error, 3 the checker itself failed, 7 points; its message is what it
//!   printed on stdout and stderr. DMOJ's testlib bridge reads exit 7 as its documentation
//!   says: a line `points X` on stderr (X whole, at most the case's points) awards X of the
//!   case's points, anything else is the checker's failure.
//! - Kattis' output validators: `VALIDATOR INPUT ANSWER FEEDBACK_DIR/ [ARGS] < OUTPUT`, exit
//!   code 42 accepted, 43 wrong answer, anything else the validator's own failure; its
//!   message is `judgemessage.txt` from the feedback folder (else what it printed), and a
//!   scoring problem's case score is `score.txt`.
//! - CMS's checkers (a TPS export's `checker/`, italy_yaml's `cor/correttore`): `CHECKER
//!   INPUT ANSWER OUTPUT`, the case's score in [0, 1] on stdout's first line and the message
//!   on stderr's first line (CMS's `translate:success`, `translate:wrong` and
//!   `translate:partial` are shown as CMS shows them); exit code 0, anything else is the
//!   checker's own failure. Score 1 is accepted, 0 wrong, anything between partial points.
//!
//! A checker runs under the same supervisor as a program, within [`LIMITS`] (10 s of CPU,
//! 1 GiB, 64 MiB of output), so a hanging or flooding checker cannot hang the judge. One
//! that fails (exit 3, any other code, a signal, a limit) is a setup error
//! ([`CheckError::Failed`]): the contestant's program is not to blame, so the judge stops
//! and says so once.
//!
//! Its message (stdout, then stderr) is kept whole up to [`MESSAGE_KEEP`] bytes, to be saved
//! beside a failing case's outputs; what is printed is a few lines of it, cut to the width.
//! Interactors and input validators read what they said with the helpers here
//! ([`message_line`], [`read_score`], [`cms_answer`]).

use std::fs;
use std::io::Write;
use std::path::Path;

use super::{CheckError, Files, Judgement, Protocol, Why};
use crate::judge::verdict::Verdict;
use crate::run::files::{create_fresh, read_capped, sibling};
use crate::run::program::Program;
use crate::run::spec::{run_program, Limits, Run};
use crate::run::sys::{signal_name, Status};
use crate::text::{num, printable};

/// A checker program and the protocol it speaks (never a CMS manager's).
#[derive(Clone, Debug, PartialEq)]
pub struct External {
    program: Program,
    protocol: Protocol,
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

impl External {
    /// Our checker (this binary's `check` subcommand) for `problem`.
    pub fn ours(problem: &str) -> Result<External, String> {
        let exe = std::env::current_exe()
            .map_err(|e| format!("cannot find the judge's own binary: {e}"))?;
        Ok(External {
            program: Program::Direct(vec![
                exe.display().to_string(),
                "check".to_string(),
                problem.to_string(),
            ]),
            protocol: Protocol::Testlib,
        })
    }

    /// `--checker-cmd CMD`, which must be runnable.
    pub fn command(cmd: &str) -> Result<External, String> {
        let program = Program::from_cmd(cmd);
        program
            .check_runnable()
            .map_err(|e| format!("--checker-cmd: {e}"))?;
        Ok(External {
            program,
            protocol: Protocol::Testlib,
        })
    }

    /// A checker program that speaks `protocol`; `None` for a CMS manager, which is an
    /// interactor.
    pub fn new(program: Program, protocol: Protocol) -> Option<External> {
        match protocol {
            Protocol::CmsManager { .. } => None,
            protocol => Some(External { program, protocol }),
        }
    }

    pub fn program(&self) -> &Program {
        &self.program
    }

    pub fn describe(&self) -> String {
        let program = self.program.describe();
        match &self.protocol {
            Protocol::Testlib => program,
            Protocol::DmojTestlib => format!("{program} (DMOJ's testlib bridge)"),
            Protocol::DmojDefault => format!("{program} (DMOJ's default bridge: 0 AC, 1 WA)"),
            Protocol::Kattis { flags } if flags.is_empty() => format!("{program} (42/43)"),
            Protocol::Kattis { flags } => format!("{program} {} (42/43)", flags.join(" ")),
            Protocol::Cms => format!("{program} (CMS: score on stdout)"),
            Protocol::CmsManager { .. } => unreachable!("External::new refuses a manager"),
        }
    }

    /// Judges an answer in the checker's protocol; `args` follow a Kattis validator's flags.
    pub(super) fn judge(&self, f: &Files<'_>, args: &[String]) -> Result<Judgement, CheckError> {
        match &self.protocol {
            Protocol::Testlib | Protocol::DmojTestlib | Protocol::DmojDefault => self.testlib(f),
            Protocol::Kattis { flags } => {
                let args: Vec<String> = flags.iter().chain(args).cloned().collect();
                self.kattis(f, &args)
            }
            Protocol::Cms => self.cms(f),
            Protocol::CmsManager { .. } => unreachable!("External::new refuses a manager"),
        }
    }

    /// testlib's checker: `CHECKER INPUT OUTPUT ANSWER`, the verdict by its exit code (DMOJ's
    /// bridge: its points by [`dmoj_points`]).
    fn testlib(&self, f: &Files<'_>) -> Result<Judgement, CheckError> {
        let (run, out, err) = self.run(&[f.input, f.output, f.answer], f.scratch)?;
        let message = lines_of(&[out.as_slice(), err.as_slice()].join(&b'\n'));
        let failed = |how: String| Err(self.failed(how, &message, f.keep));
        if let Some(kill) = run.killed {
            return failed(format!("was killed ({} limit)", kill.name()));
        }
        let verdict = match run.status {
            Status::Code(c) => match self.protocol.verdict_of_exit(c) {
                Some(v) => v,
                None if self.protocol == Protocol::DmojDefault => return failed(format!(
                    "ended with exit code {c} (DMOJ's default bridge: 0 AC, 1 WA, anything else \
                     an internal error)"
                )),
                None if c == 3 => return failed("failed (exit code 3)".to_string()),
                None => return failed(format!(
                    "ended with exit code {c} (testlib's codes: 0 AC, 1 WA, 2 PE, 3 checker failure, 7 points)"
                )),
            },
            Status::Signal(s) => return failed(format!("was killed by {}", signal_name(s))),
        };
        let or = |default: &str| match message.as_str() {
            "" => default.to_string(),
            m => m.to_string(),
        };
        let mut score = None;
        let said = match verdict {
            Verdict::Ac => None,
            Verdict::Pe => Some(or("presentation error")),
            Verdict::Pts if self.protocol == Protocol::DmojTestlib => {
                let (points, of) = dmoj_points(&err, f.points)
                    .map_err(|how| self.failed(how, &message, f.keep))?;
                score = Some(if of > 0.0 { points / of } else { 1.0 });
                let feedback = lines_of(&out).replace('\n', "; ");
                Some(format!("points {} of {}: {feedback}", num(points), num(of)))
            }
            Verdict::Pts => {
                // testlib's quitp prints `points SCORE message`.
                let rest = message.strip_prefix("points ").unwrap_or(&message);
                let (score, why) = rest.split_once(' ').unwrap_or((rest, ""));
                Some(format!("points {score}: {}", why.trim()))
            }
            _ => Some(or("rejected (no reason given)")),
        };
        Ok(Judgement {
            verdict,
            why: said.map(|said| Why::Message {
                said,
                whole: message,
            }),
            checker_ms: Some(run.wall_ms),
            score,
        })
    }

    /// A CMS checker: `CHECKER INPUT ANSWER OUTPUT`, the score on stdout's first line, the
    /// message on stderr's first line.
    fn cms(&self, f: &Files<'_>) -> Result<Judgement, CheckError> {
        let (run, out, err) = self.run(&[f.input, f.answer, f.output], f.scratch)?;
        let (out, err) = (lines_of(&out), lines_of(&err));
        let (score, message) = cms_answer(&run, &out, &err).map_err(|how| {
            let printed = lines_of(format!("{out}\n{err}").as_bytes());
            self.failed(how, &printed, f.keep)
        })?;
        let verdict = cms_verdict(score);
        let said = match verdict {
            Verdict::Pts => format!("points {score}: {message}"),
            _ => message.clone(),
        };
        let whole = if err.is_empty() { message } else { err };
        Ok(Judgement {
            verdict,
            why: (verdict != Verdict::Ac).then_some(Why::Message { said, whole }),
            checker_ms: Some(run.wall_ms),
            score: Some(score),
        })
    }

    /// A Kattis output validator on the output (its stdin): `VALIDATOR INPUT ANSWER
    /// FEEDBACK_DIR/ ARGS...`. The feedback folder is `scratch.feedback/`, left in place for
    /// a look unless the output is accepted; the score is `score.txt`'s number then.
    fn kattis(&self, f: &Files<'_>, args: &[String]) -> Result<Judgement, CheckError> {
        let feedback = sibling(f.scratch, "feedback");
        let _ = fs::remove_dir_all(&feedback);
        fs::create_dir_all(&feedback).map_err(|error| CheckError::Io {
            what: feedback.display().to_string(),
            error,
        })?;
        let dir = format!("{}/", absolute(&feedback));
        let mut argv = vec![absolute(f.input), absolute(f.answer), dir];
        argv.extend(args.iter().cloned());
        let (out, err) = (
            sibling(f.scratch, "validator.out"),
            sibling(f.scratch, "validator.err"),
        );
        let run = run_program(&self.program, &argv, Some(f.output), &out, &err, LIMITS).map_err(
            |why| CheckError::CannotRun {
                who: "output validator",
                why,
            },
        )?;
        let said = message_line(Some(&feedback), &[&out, &err], 64 * 1024);
        let _ = fs::remove_file(&out);
        let _ = fs::remove_file(&err);
        let failed = |how: String| {
            let said = match said.as_str() {
                "" => String::new(),
                s => format!(": {s}"),
            };
            Err(CheckError::Failed(format!(
                "the output validator `{}` {how} (Kattis' codes: 42 accepted, 43 wrong answer){said}",
                self.program.describe(),
            )))
        };
        if let Some(kill) = run.killed {
            return failed(format!("was killed ({} limit)", kill.name()));
        }
        let code = match run.status {
            Status::Code(c) => c,
            Status::Signal(s) => return failed(format!("was killed by {}", signal_name(s))),
        };
        let verdict = match self.protocol.verdict_of_exit(code) {
            Some(v) => v,
            None => return failed(format!("ended with exit code {code}")),
        };
        let mut judgement = Judgement {
            verdict,
            why: None,
            checker_ms: Some(run.wall_ms),
            score: None,
        };
        if verdict == Verdict::Ac {
            judgement.score = read_score(&feedback)?;
            let _ = fs::remove_dir_all(&feedback);
        } else {
            let said = match said {
                s if s.is_empty() => "rejected (no judgemessage.txt)".to_string(),
                s => s,
            };
            let whole = said.clone();
            judgement.why = Some(Why::Message { said, whole });
        }
        Ok(judgement)
    }

    /// Runs the checker on `files` (made absolute); its stdout and stderr, each up to
    /// [`MESSAGE_KEEP`] bytes.
    fn run(&self, files: &[&Path], scratch: &Path) -> Result<(Run, Vec<u8>, Vec<u8>), CheckError> {
        let args: Vec<String> = files.iter().map(|p| absolute(p)).collect();
        let (out, err) = (
            sibling(scratch, "checker.out"),
            sibling(scratch, "checker.err"),
        );
        let run = run_program(&self.program, &args, None, &out, &err, LIMITS).map_err(|why| {
            CheckError::CannotRun {
                who: "checker",
                why,
            }
        })?;
        let read = |p: &Path| {
            let v = read_capped(p, MESSAGE_KEEP);
            let _ = fs::remove_file(p);
            v
        };
        let (out, err) = (read(&out), read(&err));
        Ok((run, out, err))
    }

    /// The error of a checker that failed `how`, with its message's first lines; the whole
    /// message is written to `keep`.
    fn failed(&self, how: String, message: &str, keep: &Path) -> CheckError {
        if let Some(parent) = keep.parent() {
            let _ = fs::create_dir_all(parent);
        }
        let written = create_fresh(keep).and_then(|mut f| f.write_all(message.as_bytes()));
        let kept = match written {
            Ok(()) if !message.is_empty() => format!(" (whole message: {})", keep.display()),
            _ => String::new(),
        };
        let said = match message {
            "" => String::new(),
            m => format!(": {}", printable(summary(m, 3, 200).as_bytes())),
        };
        CheckError::Failed(format!(
            "the checker `{}` {how}{said}{kept}",
            self.describe()
        ))
    }
}

/// The points a DMOJ testlib bridge's exit 7 awards, and the case's points they are out
/// of: DMOJ reads the first line of its stderr that is `points X`, X a whole number from 0
/// to the case's points; anything else is the checker's failure (`Err`: how), as DMOJ's
/// judge raises an internal error.
fn dmoj_points(stderr: &[u8], of: Option<f64>) -> Result<(f64, f64), String> {
    let of = of.unwrap_or(1.0);
    let text = String::from_utf8_lossy(stderr);
    let points = text.lines().find_map(|l| {
        let digits = l.strip_prefix("points ")?;
        let whole = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
        whole.then(|| digits.parse::<f64>().ok()).flatten()
    });
    match points {
        Some(p) if p <= of => Ok((p, of)),
        Some(p) => Err(format!(
            "awarded {} points, over the case's {} (DMOJ: an internal error)",
            num(p),
            num(of)
        )),
        None => Err(
            "ended with exit code 7 (points) without a line `points X`, X a whole number, on \
             its stderr, which DMOJ's testlib bridge reads (DMOJ: an internal error)"
                .to_string(),
        ),
    }
}

/// A path as a program that judges is given it: absolute, as text.
pub fn absolute(p: &Path) -> String {
    std::path::absolute(p)
        .unwrap_or(p.to_path_buf())
        .display()
        .to_string()
}

/// The first lines of a long message, joined by `; `, with how many more there were.
fn summary(message: &str, lines: usize, chars: usize) -> String {
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

/// Output's text as its trimmed non-empty lines.
pub fn lines_of(bytes: &[u8]) -> String {
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
        Status::Signal(s) => return Err(format!("was killed by {}", signal_name(s))),
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
pub fn cms_verdict(score: f64) -> Verdict {
    if score >= 1.0 {
        Verdict::Ac
    } else if score <= 0.0 {
        Verdict::Wa
    } else {
        Verdict::Pts
    }
}

/// What a program that judges said, in one line: `judgemessage.txt` in its Kattis feedback
/// folder when it wrote one, else what it printed (the files `printed`, in turn), at most
/// `cap` bytes (a program that writes gigabytes costs the judge no more), its trimmed
/// non-empty lines joined by `; `.
pub fn message_line(feedback: Option<&Path>, printed: &[&Path], cap: u64) -> String {
    let judgemessage = |f: &Path| read_capped(&f.join("judgemessage.txt"), cap);
    let mut text = feedback.map(judgemessage).unwrap_or_default();
    if text.iter().all(u8::is_ascii_whitespace) {
        let each: Vec<Vec<u8>> = printed.iter().map(|p| read_capped(p, cap)).collect();
        text = each.join(&b'\n');
    }
    text.truncate(cap as usize);
    lines_of(&text).replace('\n', "; ")
}

/// `score.txt` in a feedback folder, if there is one; bad contents are the validator's
/// failure.
pub fn read_score(feedback: &Path) -> Result<Option<f64>, CheckError> {
    let path = feedback.join("score.txt");
    if !path.is_file() {
        return Ok(None);
    }
    let text = String::from_utf8_lossy(&read_capped(&path, 4096)).into_owned();
    match text.trim().parse::<f64>() {
        Ok(x) if x.is_finite() && x >= 0.0 => Ok(Some(x)),
        _ => Err(CheckError::Failed(format!(
            "{}: expected a non-negative number, found `{}`",
            path.display(),
            printable(text.trim().as_bytes())
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::dmoj_points;

    #[test]
    fn a_dmoj_testlib_bridge_reads_a_whole_line_of_whole_points() {
        assert_eq!(dmoj_points(b"points 5", Some(10.0)), Ok((5.0, 10.0)));
        // The first line that is `points X` alone, as DMOJ's `^points (\d+)$` (multiline).
        assert_eq!(
            dmoj_points(b"wrong order\npoints 3\npoints 4\n", Some(4.0)),
            Ok((3.0, 4.0))
        );
        for bad in [&b"points 2.5"[..], b"points 5 good", b"partial 5/10", b""] {
            assert!(dmoj_points(bad, Some(10.0)).is_err(), "{bad:?}");
        }
        assert!(dmoj_points(b"points 11", Some(10.0))
            .unwrap_err()
            .contains("over the case's 10"));
    }
}
