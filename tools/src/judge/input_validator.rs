//! Input validators, which judge an input (not an answer): of both conventions (testlib's:
//! exit 0 accepts; Kattis': exit 42 accepts), the hook that keeps shrinking inside the
//! problem's rules.
//!
//! Each runs under the same supervisor and limits as a checker
//! ([`crate::judge::check::external::LIMITS`]): one run per validator and input, the input
//! on its stdin. A validator's "no" is an answer, not an error: the input is not a valid
//! one.

use std::fs;
use std::path::Path;

use crate::judge::check::external::{message_line, LIMITS};
use crate::run::files::sibling;
use crate::run::program::Program;
use crate::run::spec::run_program;
use crate::run::sys::Status;

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
    pub fn refusal(&self, input: &Path, scratch: &Path) -> Result<Option<String>, String> {
        let (out, err) = (
            sibling(scratch, "validator.out"),
            sibling(scratch, "validator.err"),
        );
        let run = run_program(&self.program, &self.args, Some(input), &out, &err, LIMITS)
            .map_err(|e| format!("input validator: {e}"))?;
        let said = message_line(None, &[&out, &err], 64 * 1024);
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
        if let Some(why) = v.refusal(input, scratch)? {
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
    use crate::judge::check::Protocol;
    use crate::judge::format::Build;
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
