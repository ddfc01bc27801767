//! Judging one case: run the program under its limits, turn the way it ended into a verdict,
//! else compare its output (exactly, or through the checker), show a small input whole under
//! a failing case, and keep what a failing case needs for a look afterwards (`CASE.got`,
//! `CASE.expected`, `CASE.stderr`, each at most [`KEEP_BYTES`]). An output-only task's
//! outputs handed in ([`Source::HandedIn`]) skip the run: the file handed in for the case is
//! judged as a program's output would be, and a missing one is a wrong answer.
//!
//! `Err` means a setup error (the program or the checker cannot be run at all): the judge
//! stops and says it once instead of giving every case the same verdict.

use std::fs;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use crate::judge::cases::{Case, Expect};
use crate::judge::check::external::{Checker, Judgement};
use crate::judge::check::lines;
use crate::judge::check::tokens::Comparison;
use crate::judge::format::handed_in_name;
use crate::judge::interact::{self, Interactor};
use crate::judge::verdict::{self, Outcome, Verdict};
use crate::run::files::{create_fresh, read_capped, read_tail, sibling};
use crate::run::program::Program;
use crate::run::sandbox::{run_program_in, Limits, Private};
use crate::run::sys;
use crate::show::diff::DiffMode;
use crate::show::explain;
use crate::text::{detail, printable};

/// The most of each file a failing case keeps on disk.
pub const KEEP_BYTES: u64 = 1 << 20;

/// Everything a case of one problem is judged with.
pub struct Target {
    /// What gives each case's output.
    pub source: Source,
    pub limits: Limits,
    pub checker: Option<Checker>,
    /// How answers are compared when no checker decides.
    pub comparison: Comparison,
    /// Interactive problems: the interactor the program talks with.
    pub interactor: Option<Interactor>,
    pub diff: DiffMode,
    /// Where this problem's failing cases are kept.
    pub out_dir: PathBuf,
    /// What a failing case shows beyond its verdict (named mistake, pictures).
    pub show: explain::Show,
    /// A file I/O problem's file names (none: stdin and stdout).
    pub files: FileIo,
}

/// Where a case's output comes from.
pub enum Source {
    /// A program, run on the case's input under the limits.
    Run(Program),
    /// An output-only task's outputs handed in: a folder holding the file
    /// [`handed_in_name`] names for each case; nothing runs.
    HandedIn(PathBuf),
}

impl Source {
    /// What the header names: the program, or where the outputs handed in are.
    pub fn describe(&self) -> String {
        match self {
            Source::Run(program) => program.describe(),
            Source::HandedIn(dir) => format!("the outputs handed in ({})", dir.display()),
        }
    }
}

/// A file I/O problem's files (`info.toml`'s `input_file`, `output_file`): the program runs
/// in a private working folder of its own, the case's input copied there under `input`
/// (stdin empty), and the file it leaves as `output` is what is judged (stdout is not).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FileIo {
    pub input: Option<String>,
    pub output: Option<String>,
}

impl FileIo {
    pub fn any(&self) -> bool {
        self.input.is_some() || self.output.is_some()
    }
}

/// Copies at most [`KEEP_BYTES`] of `from` (a regular file) to `to`; a missing `from` (the
/// run never got to write it: its supervisor was killed) is kept as an empty file.
fn keep_capped(from: &Path, to: &Path) -> io::Result<()> {
    let mut to = create_fresh(to)?;
    match sys::open_regular(from) {
        Ok(f) => io::copy(&mut f.take(KEEP_BYTES), &mut to).map(|_| ()),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e),
    }
}

/// How an answer was judged.
pub struct Judged {
    pub verdict: Verdict,
    pub lines: Vec<String>,
    /// The checker's wall time, when one ran.
    pub checker_ms: Option<u64>,
    /// The score a Kattis output validator gave (`score.txt`), if any.
    pub score: Option<f64>,
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

pub fn judge_case(case: &Case, t: &Target) -> Result<Outcome, String> {
    let program = match &t.source {
        Source::Run(program) => program,
        Source::HandedIn(dir) => return judge_handed_in(case, t, dir),
    };
    if let Some(interactor) = &t.interactor {
        let side = interact::Side {
            program,
            limits: t.limits,
            checker: t.checker.as_ref(),
            out_dir: &t.out_dir,
        };
        return interact::judge_case(case, &side, interactor);
    }
    // The run's files live in a folder of its own; only a failing case's are kept, copied.
    let private = Private::for_output(t.limits.output_bytes)?;
    let stdout = private.join("stdout");
    let stderr = private.join("stderr");
    let base = t.out_dir.join(&case.name);
    // A file I/O problem: a working folder of the run's own, its input file placed there.
    let work = private.join("work");
    if t.files.any() {
        fs::create_dir(&work).map_err(|e| format!("{}: {e}", work.display()))?;
        if let Some(name) = &t.files.input {
            let to = work.join(name);
            fs::copy(&case.input, &to).map_err(|e| format!("{}: {e}", to.display()))?;
        }
    }
    let stdin = match t.files.input {
        Some(_) => None,
        None => Some(case.input.as_path()),
    };
    let run = run_program_in(
        program,
        &case.args,
        stdin,
        &stdout,
        &stderr,
        t.limits,
        t.files.any().then_some(work.as_path()),
    )?;
    case.intact()?;
    // The output file, when the program left a regular file there; else a name that holds
    // nothing (kept as an empty CASE.got).
    let regular = |p: &Path| fs::symlink_metadata(p).is_ok_and(|m| m.is_file());
    let got = match &t.files.output {
        Some(name) if regular(&work.join(name)) => work.join(name),
        Some(_) => private.join("no-output"),
        None => stdout,
    };
    let mut detail_lines = Vec::new();
    let mut checker_ms = None;
    let mut score = None;
    let verdict = match verdict::of_run(&run, &t.limits, case.exit_code())? {
        Some((v, why)) => {
            detail_lines.push(detail(&why));
            if v == Verdict::Re {
                detail_lines.extend(verdict::stderr_line(&read_tail(&stderr, 8192)));
            }
            v
        }
        None if t.files.output.is_some() && !regular(&got) => {
            let name = t.files.output.as_deref().unwrap_or_default();
            let why = if fs::symlink_metadata(work.join(name)).is_ok() {
                format!("{name} is not a regular file")
            } else {
                format!("no {name} written (the output of this problem is that file, not stdout)")
            };
            detail_lines.push(detail(&why));
            Verdict::Wa
        }
        None => {
            let judged = judge_output(case, t, &got, &stderr, &private, &base)?;
            detail_lines.extend(judged.lines);
            checker_ms = judged.checker_ms;
            score = judged.score;
            judged.verdict
        }
    };
    if verdict != Verdict::Ac {
        keep_failing(case, t, &got, &stderr, &base, &mut detail_lines)?;
    }
    let mut outcome = Outcome::of_run(verdict, &run, detail_lines);
    outcome.checker_ms = checker_ms;
    outcome.score = score;
    Ok(outcome)
}

/// Judges the output handed in for `case` (an output-only task), from the folder `dir`: a
/// missing file, or one that is not a regular file, is WA that names it; nothing runs, so
/// the case's times are 0.
fn judge_handed_in(case: &Case, t: &Target, dir: &Path) -> Result<Outcome, String> {
    let name = handed_in_name(&case.name);
    let file = dir.join(&name);
    let private = Private::new()?;
    let base = t.out_dir.join(&case.name);
    let none = private.join("none");
    let (verdict, mut lines, checker_ms, score, got) = match fs::symlink_metadata(&file) {
        Ok(m) if m.is_file() => {
            let judged = judge_output(case, t, &file, &none, &private, &base)?;
            let (v, l, ms, s) = (
                judged.verdict,
                judged.lines,
                judged.checker_ms,
                judged.score,
            );
            (v, l, ms, s, file.as_path())
        }
        Ok(_) => {
            let why = format!("{name} is not a regular file");
            (Verdict::Wa, vec![detail(&why)], None, None, none.as_path())
        }
        Err(_) => {
            let why = format!("no output file {name} in {}", dir.display());
            (Verdict::Wa, vec![detail(&why)], None, None, none.as_path())
        }
    };
    if verdict != Verdict::Ac {
        keep_failing(case, t, got, &none, &base, &mut lines)?;
    }
    let mut outcome = Outcome::without_run(verdict, lines);
    outcome.checker_ms = checker_ms;
    outcome.score = score;
    Ok(outcome)
}

/// Keeps a failing case's files (`CASE.got`, `CASE.stderr`, `CASE.expected`, and its
/// pictures for our grid problems) beside `base`, and adds the lines that show them: the
/// input whole when it is small, a note when the output was cut.
fn keep_failing(
    case: &Case,
    t: &Target,
    got: &Path,
    stderr: &Path,
    base: &Path,
    detail_lines: &mut Vec<String>,
) -> Result<(), String> {
    // A small input is shown whole, as `oj test` does, after the reason and the diff.
    detail_lines.extend(crate::show::diff::small_file("input", &case.input));
    if let Some(parent) = base.parent() {
        fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
    }
    let keep = |from: &Path, to: &Path| {
        keep_capped(from, to).map_err(|e| format!("{}: {e}", to.display()))
    };
    let got_bytes = fs::metadata(got).map_or(0, |m| m.len());
    if got_bytes > KEEP_BYTES {
        detail_lines.push(detail(&format!(
            "(CASE.got keeps the first {} MiB of {} bytes of output)",
            KEEP_BYTES >> 20,
            got_bytes
        )));
    }
    keep(got, &sibling(base, "got"))?;
    keep(stderr, &sibling(base, "stderr"))?;
    let expected = sibling(base, "expected");
    match case.answer() {
        Some(answer) => keep(answer, &expected)?,
        None => {
            create_fresh(&expected).map_err(|e| format!("{}: {e}", expected.display()))?;
        }
    }
    if let Expect::Output(answer) = &case.expect {
        let show = &t.show;
        detail_lines.extend(explain::pictures(
            show,
            &case.name,
            base,
            &case.input,
            got,
            answer,
        ));
    }
    Ok(())
}

/// The verdict of a run that ended well, from its output, and the validator's score.
fn judge_output(
    case: &Case,
    t: &Target,
    got: &Path,
    stderr: &Path,
    private: &Private,
    base: &Path,
) -> Result<Judged, String> {
    if let Expect::Invalid { fragment, .. } = &case.expect {
        let err = read_capped(stderr, 1 << 20);
        let err = String::from_utf8_lossy(&err);
        if !err.contains(fragment.as_str()) {
            let first = err.lines().next().unwrap_or("(empty)");
            return Ok(Judged {
                verdict: Verdict::Wa,
                lines: vec![
                    detail(&format!("stderr lacks: {fragment}")),
                    detail(&format!("stderr was:   {}", printable(first.as_bytes()))),
                ],
                checker_ms: None,
                score: None,
            });
        }
    }
    let empty = PathBuf::from("/dev/null");
    let answer = case.answer().unwrap_or(&empty);
    let checker = match case.expect {
        Expect::Output(_) => t.checker.as_ref(),
        Expect::Invalid { .. } => None,
    };
    let show = matches!(case.expect, Expect::Output(_)).then_some(&t.show);
    let scratch = private.join("case");
    let how = How {
        checker,
        comparison: &t.comparison,
        checker_args: &case.checker_args,
        show,
        diff: t.diff,
    };
    judge_answer(&case.input, got, answer, &how, &scratch, base)
}

/// The verdict of an output `got` against `answer`: through the checker when there is one,
/// else by the comparison (lines or tokens), with the detail lines that explain a rejection
/// (for our grid problems, `show` names the mistake first). `scratch` names the checker's own
/// files (in a private folder); a rejecting checker's whole message is kept as
/// `keep`.checker.
pub fn judge_answer(
    input: &Path,
    got: &Path,
    answer: &Path,
    how: &How<'_>,
    scratch: &Path,
    keep: &Path,
) -> Result<Judged, String> {
    let (show, diff) = (how.show, how.diff);
    if let Some(checker) = how.checker {
        let kept = sibling(keep, "checker");
        if let Some(parent) = kept.parent() {
            fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
        }
        let (checked, score) =
            checker.check_scored(input, got, answer, scratch, &kept, how.checker_args)?;
        let said = |m: &str| message_lines(m, &kept);
        let (verdict, lines) = match &checked.judgement {
            Judgement::Accepted => (Verdict::Ac, vec![]),
            Judgement::Wrong(m) if explain::is_named(m) => {
                (Verdict::Wa, explain::checker_detail(m))
            }
            Judgement::Wrong(m) => (Verdict::Wa, said(m)),
            Judgement::Presentation(m) => (Verdict::Pe, said(m)),
            Judgement::Points(score, m) => (Verdict::Pts, said(&format!("points {score}: {m}"))),
        };
        if verdict != Verdict::Ac {
            create_fresh(&kept)
                .and_then(|mut f| f.write_all(checked.message.as_bytes()))
                .map_err(|e| format!("{}: {e}", kept.display()))?;
        }
        return Ok(Judged {
            verdict,
            lines,
            checker_ms: Some(checked.wall_ms),
            score,
        });
    }
    let judged = |verdict, lines| Judged {
        verdict,
        lines,
        checker_ms: None,
        score: None,
    };
    // A named checker (DMOJ's `floats`, `linecount`...) is the package's checker, run here
    // in-process: its time is shown as an external checker's is.
    let started = std::time::Instant::now();
    if let Some(outcome) = how.comparison.named(answer, got)? {
        use crate::judge::check::named::Outcome as Named;
        let line = |why: &str| vec![detail(&printable(why.as_bytes()))];
        let timed = |verdict, lines| Judged {
            checker_ms: Some(u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX)),
            ..judged(verdict, lines)
        };
        return Ok(match outcome {
            Named::Accepted => timed(Verdict::Ac, vec![]),
            Named::Wrong(why) => timed(Verdict::Wa, line(&why)),
            Named::Partial(fraction, why) => Judged {
                score: Some(fraction),
                ..timed(Verdict::Pts, line(&why))
            },
        });
    }
    if let Some(differs) = how.comparison.tokens(how.checker_args, answer, got)? {
        return Ok(match differs {
            None => judged(Verdict::Ac, vec![]),
            Some(why) => judged(Verdict::Wa, vec![detail(&printable(why.as_bytes()))]),
        });
    }
    match lines::first_difference(answer, got).map_err(|e| format!("comparing: {e}"))? {
        None => Ok(judged(Verdict::Ac, vec![])),
        Some(d) => {
            let mut lines = show.map_or_else(Vec::new, |s| explain::mistake(s, input, got, answer));
            lines.extend(crate::show::diff::render(answer, got, &d, diff));
            Ok(judged(Verdict::Wa, lines))
        }
    }
}

/// The most lines of a checker's message shown under a case.
const MESSAGE_LINES: usize = 3;

/// A checker's message as detail lines: its first [`MESSAGE_LINES`] lines, each cut to the
/// width, and where the whole of a longer one is kept.
fn message_lines(message: &str, kept: &Path) -> Vec<String> {
    let all: Vec<&str> = message.lines().collect();
    let mut out: Vec<String> = all
        .iter()
        .take(MESSAGE_LINES)
        .enumerate()
        .map(|(i, l)| {
            let lead = if i == 0 { "checker: " } else { "         " };
            detail(&format!("{lead}{}", printable(l.as_bytes())))
        })
        .collect();
    if all.len() > MESSAGE_LINES {
        out.push(detail(&format!(
            "(and {} more lines: {})",
            all.len() - MESSAGE_LINES,
            kept.display()
        )));
    }
    out
}
