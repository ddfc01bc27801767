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
use crate::judge::tokens::Comparison;
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
    /// How answers are compared when no checker decides.
    pub comparison: Comparison,
    /// Interactive problems: the interactor the program talks with.
    pub interactor: Option<crate::judge::interact::Interactor>,
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
    if let Some(interactor) = &t.interactor {
        let side = crate::judge::interact::Side {
            program: &t.program,
            limits: t.limits,
            checker: t.checker.as_ref(),
            out_dir: &t.out_dir,
        };
        return crate::judge::interact::judge_case(case, &side, interactor);
    }
    let got = sibling(&base, "got");
    let stderr = sibling(&base, "stderr");
    let run = run_program(&t.program, &case.args, &case.input, &got, &stderr, t.limits)?;
    let mut detail_lines = Vec::new();
    let mut score = None;
    let verdict = match verdict::of_run(&run, &t.limits, case.exit_code())? {
        Some((v, why)) => {
            detail_lines.push(detail(&why));
            if v == Verdict::Re {
                detail_lines.extend(verdict::stderr_line(&read_tail(&stderr, 8192)));
            }
            v
        }
        None => {
            let (v, s) = judge_output(case, t, &got, &stderr, &mut detail_lines)?;
            score = s;
            v
        }
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
    let mut outcome = Outcome::of_run(verdict, &run, detail_lines);
    outcome.score = score;
    Ok(outcome)
}

/// The verdict of a run that ended well, from its output, and the validator's score.
fn judge_output(
    case: &Case,
    t: &Target,
    got: &Path,
    stderr: &Path,
    detail_lines: &mut Vec<String>,
) -> Result<(Verdict, Option<f64>), String> {
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
            return Ok((Verdict::Wa, None));
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
    let how = How {
        checker,
        comparison: &t.comparison,
        checker_args: &case.checker_args,
        show,
        diff: t.diff,
    };
    let judged = judge_answer(&case.input, got, answer, &how, &base)?;
    detail_lines.extend(judged.lines);
    Ok((judged.verdict, judged.score))
}

/// How an answer is judged: the checker if any, else the comparison.
pub struct How<'a> {
    pub checker: Option<&'a Checker>,
    pub comparison: &'a Comparison,
    /// The case's extra arguments for the validator (or the default validator's flags).
    pub checker_args: &'a [String],
    /// For our grid problems: the named mistake first.
    pub show: Option<&'a explain::Show>,
    pub diff: DiffMode,
}

/// A judged answer: the verdict, the lines that explain it, the validator's score.
pub struct Judged {
    pub verdict: Verdict,
    pub lines: Vec<String>,
    pub score: Option<f64>,
}

/// The verdict of an output `got` against `answer`: through the checker when there is one,
/// else by the comparison (lines or tokens), with the detail lines that explain a rejection
/// (for our grid problems, `show` names the mistake first). `scratch` names the checker's
/// own files.
pub fn judge_answer(
    input: &Path,
    got: &Path,
    answer: &Path,
    how: &How<'_>,
    scratch: &Path,
) -> Result<Judged, String> {
    let judged = |verdict, lines| Judged {
        verdict,
        lines,
        score: None,
    };
    if let Some(checker) = how.checker {
        let said = |m: &str| detail(&format!("checker: {}", printable(m.as_bytes())));
        let (judgement, score) =
            checker.check_scored(input, got, answer, scratch, how.checker_args)?;
        let mut j = match judgement {
            Judgement::Accepted => judged(Verdict::Ac, vec![]),
            Judgement::Wrong(m) if explain::is_named(&m) => {
                judged(Verdict::Wa, explain::checker_detail(&m))
            }
            Judgement::Wrong(m) => judged(Verdict::Wa, vec![said(&m)]),
            Judgement::Presentation(m) => judged(Verdict::Pe, vec![said(&m)]),
            Judgement::Points(score, m) => {
                judged(Verdict::Pts, vec![said(&format!("points {score}: {m}"))])
            }
        };
        j.score = score;
        return Ok(j);
    }
    if let Some(verdict) = how.comparison.tokens(how.checker_args, answer, got)? {
        return Ok(match verdict {
            None => judged(Verdict::Ac, vec![]),
            Some(why) => judged(Verdict::Wa, vec![detail(&printable(why.as_bytes()))]),
        });
    }
    match compare::first_difference(answer, got).map_err(|e| format!("comparing: {e}"))? {
        None => Ok(judged(Verdict::Ac, vec![])),
        Some(d) => {
            let mut lines = how
                .show
                .map_or_else(Vec::new, |s| explain::mistake(s, input, got, answer));
            lines.extend(crate::show::diff::render(answer, got, &d, how.diff));
            Ok(judged(Verdict::Wa, lines))
        }
    }
}
