//! Judging one case: run the program under its limits, turn the way it ended into a verdict,
//! else judge its output by the problem's [`Check`] ([`judge_answer`], which also says why a
//! rejected answer is wrong, for `stress` too), show a small input whole under a failing
//! case, and keep what a failing case needs for a look afterwards (`CASE.got`,
//! `CASE.expected`, `CASE.stderr`, each at most [`KEEP_BYTES`]; `CASE.checker`, a checker's
//! whole message). An output-only task's outputs handed in ([`Source::HandedIn`]) skip the
//! run: the file handed in for the case is judged as a program's output would be, and a
//! missing one is a wrong answer. A case without an answer ([`Expect::Nothing`], an input a
//! contestant wrote) is not judged: a run that ended well is `RAN`, its first lines shown
//! under it and its output kept as `CASE.got`; one that did not gets its verdict as any.
//!
//! `Err` means a setup error (the program or the checker cannot be run at all): the judge
//! stops and says it once instead of giving every case the same verdict.

use std::fs;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use crate::judge::cases::{Case, Expect};
use crate::judge::check::{Check, Files, Judgement, Why};
use crate::judge::explain::Explain;
use crate::judge::format::handed_in_name;
use crate::judge::interact::{self, Interactor};
use crate::judge::verdict::{self, Outcome, Verdict};
use crate::run::files::Private;
use crate::run::files::{create_fresh, read_capped, read_ends, sibling};
use crate::run::program::Program;
use crate::run::spec::{run_program_in, Limits};
use crate::run::sys;
use crate::session::SetupError;
use crate::show::diff::DiffMode;
use crate::show::mistake;
use crate::text::{detail, printable};

/// The most of each file a failing case keeps on disk.
pub const KEEP_BYTES: u64 = 1 << 20;

/// Everything a case of one problem is judged with.
pub struct Target {
    /// What gives each case's output.
    pub source: Source,
    pub limits: Limits,
    /// How answers are judged: a checker program, or a comparison.
    pub check: Check,
    /// Interactive problems: the interactor the program talks with.
    pub interactor: Option<Interactor>,
    pub diff: DiffMode,
    /// Where this problem's failing cases are kept.
    pub out_dir: PathBuf,
    /// What a failing case shows beyond its verdict (named mistake, pictures), for the
    /// problems that say more (ours).
    pub explain: Option<Box<dyn Explain>>,
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

pub fn judge_case(case: &Case, t: &Target) -> Result<Outcome, SetupError> {
    let program = match &t.source {
        Source::Run(program) => program,
        Source::HandedIn(dir) => return judge_handed_in(case, t, dir),
    };
    if let Some(interactor) = &t.interactor {
        let side = interact::Side {
            program,
            limits: t.limits,
            check: &t.check,
            out_dir: &t.out_dir,
        };
        return Ok(interact::judge_case(case, &side, interactor)?);
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
                detail_lines.extend(verdict::stderr_line(&read_ends(&stderr, 8192)));
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
        None if matches!(case.expect, Expect::Nothing) => {
            keep_output(&got, &base)?;
            detail_lines.extend(crate::show::diff::output_lines(
                &got,
                &sibling(&base, "got"),
            ));
            Verdict::Ran
        }
        None => {
            let (judgement, lines) = judge_output(case, t, &got, &stderr, &private, &base)?;
            detail_lines.extend(lines);
            checker_ms = judgement.checker_ms;
            score = judgement.score;
            judgement.verdict
        }
    };
    if !matches!(verdict, Verdict::Ac | Verdict::Ran) {
        keep_failing(case, t, &got, &stderr, &base, &mut detail_lines)?;
    }
    let mut outcome = Outcome::of_run(verdict, &run, detail_lines);
    outcome.checker_ms = checker_ms;
    outcome.score = score;
    Ok(outcome)
}

/// Keeps the output of a case without an answer as `CASE.got` (at most [`KEEP_BYTES`]),
/// for a look at more than its first lines.
fn keep_output(got: &Path, base: &Path) -> Result<(), SetupError> {
    if let Some(parent) = base.parent() {
        fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
    }
    let to = sibling(base, "got");
    Ok(keep_capped(got, &to).map_err(|e| format!("{}: {e}", to.display()))?)
}

/// Judges the output handed in for `case` (an output-only task), from the folder `dir`: a
/// missing file, or one that is not a regular file, is WA that names it; nothing runs, so
/// the case's times are 0.
fn judge_handed_in(case: &Case, t: &Target, dir: &Path) -> Result<Outcome, SetupError> {
    let name = handed_in_name(&case.name);
    let file = dir.join(&name);
    let private = Private::new()?;
    let base = t.out_dir.join(&case.name);
    let none = private.join("none");
    let (verdict, mut lines, checker_ms, score, got) = match fs::symlink_metadata(&file) {
        Ok(m) if m.is_file() => {
            let (j, lines) = judge_output(case, t, &file, &none, &private, &base)?;
            (j.verdict, lines, j.checker_ms, j.score, file.as_path())
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
) -> Result<(), SetupError> {
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
    if let (Expect::Output(answer), Some(explain)) = (&case.expect, &t.explain) {
        detail_lines.extend(explain.pictures(&case.name, base, &case.input, got, answer));
    }
    Ok(())
}

/// The judgement of a run that ended well, from its output, and the lines that explain it.
fn judge_output(
    case: &Case,
    t: &Target,
    got: &Path,
    stderr: &Path,
    private: &Private,
    base: &Path,
) -> Result<(Judgement, Vec<String>), SetupError> {
    if let Expect::Invalid { fragment, .. } = &case.expect {
        let err = read_capped(stderr, 1 << 20);
        let err = String::from_utf8_lossy(&err);
        if !err.contains(fragment.as_str()) {
            let first = err.lines().next().unwrap_or("(empty)");
            // The program's stderr is wrong, not its answer: no checker has a say.
            let lacks = format!("stderr lacks: {fragment}");
            let lines = vec![
                detail(&lacks),
                detail(&format!("stderr was:   {}", printable(first.as_bytes()))),
            ];
            let judgement = Judgement {
                verdict: Verdict::Wa,
                why: Some(Why::Reason(lacks)),
                checker_ms: None,
                score: None,
            };
            return Ok((judgement, lines));
        }
    }
    let empty = PathBuf::from("/dev/null");
    let exact = Check::Lines;
    let (check, explain) = match (&case.expect, &t.check) {
        (Expect::Output(_) | Expect::Nothing, check) => (check, t.explain.as_deref()),
        // An invalid input's stdout is compared: a checker would want a valid input.
        (Expect::Invalid { .. }, Check::External(_)) => (&exact, None),
        (Expect::Invalid { .. }, check) => (check, None),
    };
    let files = Files {
        input: &case.input,
        output: got,
        answer: case.answer().unwrap_or(&empty),
        scratch: &private.join("case"),
        keep: &sibling(base, "checker"),
    };
    judge_answer(check, &files, &case.checker_args, explain, t.diff)
}

/// Judges an output by `check` (`args`: the case's arguments for the checker), with the
/// detail lines that explain a rejection: `explain` (our problems') names the mistake
/// first; a checker's message is shown by its first lines and kept whole as `files.keep`.
pub fn judge_answer(
    check: &Check,
    files: &Files<'_>,
    args: &[String],
    explain: Option<&dyn Explain>,
    diff: DiffMode,
) -> Result<(Judgement, Vec<String>), SetupError> {
    let judgement = check.judge(files, args)?;
    let (input, got, answer) = (files.input, files.output, files.answer);
    let lines = match &judgement.why {
        None => Vec::new(),
        Some(Why::Difference(d)) => {
            let mut lines = explain.map_or_else(Vec::new, |e| e.mistake(input, got, answer));
            lines.extend(crate::show::diff::render(answer, got, d, diff));
            lines
        }
        Some(Why::Reason(why)) => vec![detail(&printable(why.as_bytes()))],
        Some(Why::Message { said, whole }) => {
            keep_message(whole, files.keep)?;
            match judgement.verdict {
                Verdict::Wa if mistake::is_named(said) => mistake::checker_detail(said),
                _ => message_lines(said, files.keep),
            }
        }
    };
    Ok((judgement, lines))
}

/// Writes a rejecting checker's whole message to `kept`.
fn keep_message(message: &str, kept: &Path) -> Result<(), SetupError> {
    if let Some(parent) = kept.parent() {
        fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
    }
    Ok(create_fresh(kept)
        .and_then(|mut f| f.write_all(message.as_bytes()))
        .map_err(|e| format!("{}: {e}", kept.display()))?)
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
