//! Judging one case: run the program under its limits, turn the way it ended into a verdict,
//! else compare its output (exactly, or through the checker), and keep what a failing case
//! needs for a look afterwards (`CASE.got`, `CASE.expected`, `CASE.stderr`, each at most
//! [`KEEP_BYTES`]).
//!
//! `Err` means a setup error (the program or the checker cannot be run at all): the judge
//! stops and says it once instead of giving every case the same verdict.

use std::fs::{self, File};
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use crate::judge::cases::{Case, Expect};
use crate::judge::checker::{Checker, Judgement};
use crate::judge::compare;
use crate::judge::verdict::{self, Outcome, Verdict};
use crate::run::files::{read_capped, read_tail, sibling};
use crate::run::program::Program;
use crate::run::sandbox::{run_program, Limits};
use crate::show::diff::DiffMode;
use crate::show::explain;
use crate::text::{detail, printable};

/// The most of each file a failing case keeps on disk.
pub const KEEP_BYTES: u64 = 1 << 20;

/// Everything a case of one problem is judged with.
pub struct Target {
    pub program: Program,
    pub limits: Limits,
    pub checker: Option<Checker>,
    pub diff: DiffMode,
    /// Where this problem's failing cases are kept.
    pub out_dir: PathBuf,
    /// What a failing case shows beyond its verdict (named mistake, pictures).
    pub show: explain::Show,
}

/// Copies at most [`KEEP_BYTES`] of `from` to `to`; truncates in place when they are the same.
fn keep_capped(from: &Path, to: &Path) -> io::Result<()> {
    if from == to {
        let f = fs::OpenOptions::new().write(true).open(to)?;
        if f.metadata()?.len() > KEEP_BYTES {
            f.set_len(KEEP_BYTES)?;
        }
        return Ok(());
    }
    let mut src = File::open(from)?.take(KEEP_BYTES);
    io::copy(&mut src, &mut File::create(to)?).map(|_| ())
}

pub fn judge_case(case: &Case, t: &Target) -> Result<Outcome, String> {
    let base = t.out_dir.join(&case.name);
    if let Some(parent) = base.parent() {
        fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
    }
    let got = sibling(&base, "got");
    let stderr = sibling(&base, "stderr");
    let run = run_program(&t.program, &case.args, &case.input, &got, &stderr, t.limits)?;
    let mut detail_lines = Vec::new();
    let verdict = match verdict::of_run(&run, &t.limits, case.exit_code())? {
        Some((v, why)) => {
            detail_lines.push(detail(&why));
            if v == Verdict::Re {
                detail_lines.extend(verdict::stderr_line(&read_tail(&stderr, 8192)));
            }
            v
        }
        None => judge_output(case, t, &got, &stderr, &mut detail_lines)?,
    };
    if verdict == Verdict::Ac {
        let _ = fs::remove_file(&got);
        let _ = fs::remove_file(&stderr);
    } else {
        let keep = |from: &Path, to: &Path| {
            keep_capped(from, to).map_err(|e| format!("{}: {e}", to.display()))
        };
        let got_bytes = fs::metadata(&got).map_or(0, |m| m.len());
        if got_bytes > KEEP_BYTES {
            detail_lines.push(detail(&format!(
                "(CASE.got keeps the first {} MiB of {} bytes of output)",
                KEEP_BYTES >> 20,
                got_bytes
            )));
        }
        keep(&got, &got)?;
        let expected = sibling(&base, "expected");
        match case.answer() {
            Some(answer) => keep(answer, &expected)?,
            None => {
                fs::write(&expected, b"").map_err(|e| format!("{}: {e}", expected.display()))?
            }
        }
        if let Expect::Output(answer) = &case.expect {
            let show = &t.show;
            detail_lines.extend(explain::pictures(
                show,
                &case.name,
                &base,
                &case.input,
                &got,
                answer,
            ));
        }
    }
    Ok(Outcome::of_run(verdict, &run, detail_lines))
}

/// The verdict of a run that ended well, from its output.
fn judge_output(
    case: &Case,
    t: &Target,
    got: &Path,
    stderr: &Path,
    detail_lines: &mut Vec<String>,
) -> Result<Verdict, String> {
    if let Expect::Invalid { fragment, .. } = &case.expect {
        let err = read_capped(stderr, 1 << 20);
        let err = String::from_utf8_lossy(&err);
        if !err.contains(fragment.as_str()) {
            detail_lines.push(detail(&format!("stderr lacks: {fragment}")));
            let first = err.lines().next().unwrap_or("(empty)");
            detail_lines.push(detail(&format!(
                "stderr was:   {}",
                printable(first.as_bytes())
            )));
            return Ok(Verdict::Wa);
        }
    }
    let empty = PathBuf::from("/dev/null");
    let answer = case.answer().unwrap_or(&empty);
    let checker = match case.expect {
        Expect::Output(_) => t.checker.as_ref(),
        Expect::Invalid { .. } => None,
    };
    let base = t.out_dir.join(&case.name);
    let show = matches!(case.expect, Expect::Output(_)).then_some(&t.show);
    let (verdict, lines) = judge_answer(&case.input, got, answer, checker, show, t.diff, &base)?;
    detail_lines.extend(lines);
    Ok(verdict)
}

/// The verdict of an output `got` against `answer`: through the checker when there is one,
/// else by the exact comparison, with the detail lines that explain a rejection (for our
/// grid problems, `show` names the mistake first). `scratch` names the checker's own files.
pub fn judge_answer(
    input: &Path,
    got: &Path,
    answer: &Path,
    checker: Option<&Checker>,
    show: Option<&explain::Show>,
    diff: DiffMode,
    scratch: &Path,
) -> Result<(Verdict, Vec<String>), String> {
    if let Some(checker) = checker {
        let said = |m: &str| detail(&format!("checker: {}", printable(m.as_bytes())));
        return Ok(match checker.check(input, got, answer, scratch)? {
            Judgement::Accepted => (Verdict::Ac, vec![]),
            Judgement::Wrong(m) if explain::is_named(&m) => {
                (Verdict::Wa, explain::checker_detail(&m))
            }
            Judgement::Wrong(m) => (Verdict::Wa, vec![said(&m)]),
            Judgement::Presentation(m) => (Verdict::Pe, vec![said(&m)]),
            Judgement::Points(score, m) => {
                (Verdict::Pts, vec![said(&format!("points {score}: {m}"))])
            }
        });
    }
    match compare::first_difference(answer, got).map_err(|e| format!("comparing: {e}"))? {
        None => Ok((Verdict::Ac, vec![])),
        Some(d) => {
            let mut lines = show.map_or_else(Vec::new, |s| explain::mistake(s, input, got, answer));
            lines.extend(crate::show::diff::render(answer, got, &d, diff));
            Ok((Verdict::Wa, lines))
        }
    }
}
