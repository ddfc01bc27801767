//! Validators: Kattis output validators (the 42/43 protocol with a feedback folder) and input
//! validators of both conventions (testlib's: exit 0 accepts; Kattis': exit 42 accepts), the
//! hook that keeps shrinking inside the problem's rules.
//!
//! Each runs under the same supervisor and limits as a checker ([`crate::judge::checker::LIMITS`]).
//! An output validator that ends any other way than 42 or 43 is a setup error (a judge error
//! in the format's words: the submission is not to blame). An input validator's "no" is
//! an answer, not an error: the input is not a valid one.

use std::fs;
use std::path::{Path, PathBuf};

use crate::judge::checker::{Checker, Judgement, LIMITS};
use crate::run::files::{read_capped, sibling};
use crate::run::program::Program;
use crate::run::sandbox::run_program;
use crate::run::sys::Status;

/// The message a validator left: `judgemessage.txt`, else its stdout and stderr, one line.
fn message(feedback: &Path, out: &Path, err: &Path) -> String {
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
pub fn output(
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

/// How an input validator says yes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Accepts {
    /// testlib: exit code 0.
    Zero,
    /// Kattis: exit code 42.
    FortyTwo,
    /// `--validator CMD`: either (a testlib validator never ends with 42 by itself).
    Either,
}

/// An input validator: a command, the arguments it gets, and its convention.
#[derive(Clone, Debug)]
pub struct InputValidator {
    pub program: Program,
    pub args: Vec<String>,
    pub accepts: Accepts,
}

impl InputValidator {
    pub fn describe(&self) -> String {
        let code = match self.accepts {
            Accepts::Zero => "exit 0",
            Accepts::FortyTwo => "exit 42",
            Accepts::Either => "exit 0 or 42",
        };
        format!("{} ({code})", self.program.describe())
    }

    /// `Ok(None)` when the validator accepts `input`, `Ok(Some(why))` when it does not; `Err`
    /// when it cannot run at all. `scratch` names its output files.
    pub fn check(&self, input: &Path, scratch: &Path) -> Result<Option<String>, String> {
        let (out, err) = (
            sibling(scratch, "validator.out"),
            sibling(scratch, "validator.err"),
        );
        let run = run_program(&self.program, &self.args, Some(input), &out, &err, LIMITS)
            .map_err(|e| format!("input validator: {e}"))?;
        let said = message(Path::new("/nonexistent"), &out, &err);
        let _ = fs::remove_file(&out);
        let _ = fs::remove_file(&err);
        let ok = matches!(
            (run.status, self.accepts),
            (Status::Code(0), Accepts::Zero | Accepts::Either)
                | (Status::Code(42), Accepts::FortyTwo | Accepts::Either)
        );
        if ok && run.killed.is_none() {
            return Ok(None);
        }
        let how = match (run.killed, run.status) {
            (Some(k), _) => format!("killed ({} limit)", k.name()),
            (None, Status::Code(c)) => format!("exit code {c}"),
            (None, Status::Signal(s)) => crate::run::sys::signal_name(s),
        };
        Ok(Some(if said.is_empty() {
            how
        } else {
            format!("{how}: {said}")
        }))
    }
}

/// Every validator in `list` accepts `input`: `None`, else the first refusal.
pub fn all_accept(
    list: &[InputValidator],
    input: &Path,
    scratch: &Path,
) -> Result<Option<String>, String> {
    for v in list {
        if let Some(why) = v.check(input, scratch)? {
            return Ok(Some(format!("{}: {why}", v.program.describe())));
        }
    }
    Ok(None)
}

/// The input validators a package brings (Kattis' `input_validators/`, exit 42; Library
/// Checker's verifier, exit 0). One that cannot be built is skipped and named in `skipped`
/// (`.ctd` and `.viva` files are never run here), except a testlib one, whose error says
/// how to get a testlib.h.
pub fn of_package(
    p: &crate::judge::format::Package,
    build_dir: &Path,
    skipped: &mut Vec<String>,
) -> Result<Vec<InputValidator>, String> {
    use crate::judge::format::{Build, Protocol};
    let mut v = Vec::new();
    for tool in &p.validators {
        let name = tool.path.display().to_string();
        if name.ends_with(".ctd") || name.ends_with(".viva") {
            skipped.push(format!("{name}: checktestdata and VIVA are not run here"));
            continue;
        }
        let accepts = match tool.protocol {
            Protocol::Kattis { .. } => Accepts::FortyTwo,
            _ => Accepts::Zero,
        };
        match tool.build("the input validator", build_dir) {
            Ok(program) => v.push(InputValidator {
                program,
                args: vec![],
                accepts,
            }),
            Err(e) if tool.build == Build::Testlib => return Err(e),
            Err(e) => skipped.push(e),
        }
    }
    Ok(v)
}

/// `--validator CMD`: input on stdin, exit 0 (testlib) or 42 (Kattis) accepts.
pub fn from_cmd(cmd: &str) -> Result<InputValidator, String> {
    let program = Program::from_cmd(cmd).absolutized();
    program
        .check_runnable()
        .map_err(|e| format!("--validator: {e}"))?;
    Ok(InputValidator {
        program,
        args: vec![],
        accepts: Accepts::Either,
    })
}

/// The folder where a package's programs are built: `OUT/.build`.
pub fn build_dir(out: &Path) -> PathBuf {
    out.join(".build")
}
