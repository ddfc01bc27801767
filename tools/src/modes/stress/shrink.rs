//! `--shrink` (with `--stress`): after a disagreement, make the input smaller while the same
//! kind of disagreement remains, so that the case a contestant reads is a handful of cells.
//!
//! The same kind: the same verdict and, for a WA on a problem that names its mistakes, the
//! same named mistake (`wrong tie-break` stays a tie-break, it does not become an `illegal
//! move`). Each try runs ours and the contestant's program on the candidate, as the stress
//! mode does ([`Trial`]), at most [`MAX_RUNS`] tries, so a slow program cannot make
//! shrinking endless.
//!
//! Our problems' inputs are shrunk by their own reductions, which keep a candidate valid
//! (`Ours::shrink`: rows, columns, marks and walls of a maze, a board's swaps). Any other
//! input (the user's `--gen`, or ours in a format the generator does not write) is shrunk
//! as text: whole lines, then tokens, then numbers towards zero and strings shorter, each
//! kept while the disagreement stays.

use std::fs;
use std::path::{Path, PathBuf};

use crate::args::Options;
use crate::judge::check::external::absolute;
use crate::judge::check::{Check, CheckError, Files};
use crate::judge::explain::Explain;
use crate::judge::input_validator::InputValidator;
use crate::judge::problem::Problem;
use crate::judge::verdict::{self, Verdict};
use crate::ours::Ours;
use crate::run::program::{shell_quote, Program};
use crate::run::spec::run_program;
use crate::run::spec::Limits;
use crate::say_text;
use crate::session::SetupError;
use crate::text::short;

/// The most tries (each two program runs) one shrink may take.
pub const MAX_RUNS: u32 = 3000;

/// What a disagreement is, for "the same kind": the verdict and the named mistake's kind.
pub type Kind = (Verdict, Option<&'static str>);

/// Runs both programs on one input and judges the contestant's output.
pub struct Trial<'a> {
    pub ours: &'a Program,
    pub candidate: &'a Program,
    /// How answers are judged.
    pub check: &'a Check,
    /// Only inputs these accept are tried (the problem's rules).
    pub validators: &'a [InputValidator],
    /// What names a wrong answer's mistake, so that a candidate keeps the same one.
    pub explain: Option<&'a dyn Explain>,
    pub args: &'a [String],
    pub limits: Limits,
    /// Where tries are written (`try.in`, `try.expected`, `try.got`...).
    pub dir: &'a Path,
}

impl Trial<'_> {
    /// The kind of disagreement on `input` (written to `path`), `None` when there is none
    /// or when ours refuses the input (a reduction made it invalid).
    pub fn kind(&self, input: &Path, stem: &str) -> Result<Option<Kind>, SetupError> {
        let file = |ext: &str| self.dir.join(format!("{stem}.{ext}"));
        if crate::judge::input_validator::all_accept(self.validators, input, &self.dir.join(stem))?
            .is_some()
        {
            return Ok(None);
        }
        let (expected, got) = (file("expected"), file("got"));
        let (expected_err, got_err) = (file("expected.stderr"), file("stderr"));
        let reference = run_program(
            self.ours,
            self.args,
            Some(input),
            &expected,
            &expected_err,
            self.limits,
        )?;
        if verdict::of_run(&reference, &self.limits, 0)?.is_some() {
            return Ok(None);
        }
        let r = run_program(
            self.candidate,
            self.args,
            Some(input),
            &got,
            &got_err,
            self.limits,
        )?;
        if let Some((v, _)) = verdict::of_run(&r, &self.limits, 0)? {
            return Ok(Some((v, None)));
        }
        let scratch = self.dir.join(stem);
        let files = Files {
            input,
            output: &got,
            answer: &expected,
            scratch: &scratch,
            keep: &crate::run::files::sibling(&scratch, "checker"),
            points: None,
        };
        let wrong = match self.check.judge(&files, &[]) {
            Ok(judgement) => judgement.verdict != Verdict::Ac,
            // A checker that fails on a candidate says the candidate is not a valid input
            // (testlib's `FAIL Unexpected end of file`), not that the setup is broken; one
            // that cannot run at all still is.
            Err(CheckError::Failed(_)) => return Ok(None),
            Err(e) => return Err(e.to_string().into()),
        };
        if !wrong {
            return Ok(None);
        }
        let mistake = self.explain.and_then(|e| e.kind(input, &got, &expected));
        Ok(Some((Verdict::Wa, mistake)))
    }
}

/// A shrunk case.
pub struct Shrunk {
    /// Its size before and after, as the report says it (`30x30`, `6 boards`, `3 lines, 9
    /// tokens`).
    pub from: String,
    pub to: String,
    pub runs: u32,
    /// `shrunk.in`, with `shrunk.expected` and `shrunk.got` beside it.
    pub input: PathBuf,
}

/// The tries of one shrink: each candidate written to `try.in` and tried, until
/// [`MAX_RUNS`]; after a try that cannot be made (a program that cannot run), none, its
/// error kept for [`Tries::finish`].
struct Tries<'a> {
    trial: &'a Trial<'a>,
    kind: Kind,
    attempt: PathBuf,
    runs: u32,
    failed: Option<SetupError>,
    /// The last candidate that kept the disagreement, its outputs kept as `kept.*`: the
    /// shrunk case's files come from the run that showed it, not from one more run, which a
    /// busy machine or a flaky program may not repeat.
    last_kept: Option<Vec<u8>>,
}

/// The files a try writes beside its input.
const OUTPUTS: [&str; 4] = ["expected", "got", "expected.stderr", "stderr"];

impl<'a> Tries<'a> {
    fn new(trial: &'a Trial<'a>, kind: Kind) -> Tries<'a> {
        Tries {
            trial,
            kind,
            attempt: trial.dir.join("try.in"),
            runs: 0,
            failed: None,
            last_kept: None,
        }
    }

    /// Whether the disagreement `kind` stays on `candidate`.
    fn keeps(&mut self, candidate: &[u8]) -> bool {
        if self.failed.is_some() || self.spent() {
            return false;
        }
        self.runs += 1;
        let tried = fs::write(&self.attempt, candidate)
            .map_err(|e| SetupError::from(format!("{}: {e}", self.attempt.display())))
            .and_then(|()| self.trial.kind(&self.attempt, "try"));
        match tried {
            Ok(kind) if kind == Some(self.kind) => {
                let file = |stem: &str, ext: &str| self.trial.dir.join(format!("{stem}.{ext}"));
                let moved = OUTPUTS
                    .iter()
                    .all(|ext| fs::rename(file("try", ext), file("kept", ext)).is_ok());
                self.last_kept = moved.then(|| candidate.to_vec());
                true
            }
            Ok(_) => false,
            Err(e) => {
                self.failed = Some(e);
                false
            }
        }
    }

    fn spent(&self) -> bool {
        self.runs >= MAX_RUNS
    }

    /// Saves `best` as `shrunk.in` with both outputs beside it (those of the try that kept
    /// it, else of one more run of each, which must show the same disagreement) and
    /// removes the tries' files.
    fn finish(self, best: &[u8], from: String, to: String) -> Result<Shrunk, SetupError> {
        if let Some(e) = self.failed {
            return Err(e);
        }
        let file = |stem: &str, ext: &str| self.trial.dir.join(format!("{stem}.{ext}"));
        let input = file("shrunk", "in");
        fs::write(&input, best).map_err(|e| format!("{}: {e}", input.display()))?;
        let kept = self.last_kept.as_deref() == Some(best)
            && OUTPUTS
                .iter()
                .all(|ext| fs::rename(file("kept", ext), file("shrunk", ext)).is_ok());
        if !kept && self.trial.kind(&input, "shrunk")? != Some(self.kind) {
            return Err(format!(
                "{}: the disagreement did not happen again on the shrunk case's last run (a \
                 program that answers differently each run, or a machine too busy to run it \
                 within its limits)",
                input.display()
            )
            .into());
        }
        let _ = fs::remove_file(&self.attempt);
        for stem in ["try", "kept"] {
            for ext in OUTPUTS {
                let _ = fs::remove_file(file(stem, ext));
            }
        }
        Ok(Shrunk {
            from,
            to,
            runs: self.runs,
            input,
        })
    }
}

/// Shrinks `original`, an input of `ours`, by the problem's own reductions while `trial`
/// finds the disagreement `kind`; `None` when it is not in the generator's format.
fn shrink_ours(
    trial: &Trial<'_>,
    ours: &dyn Ours,
    original: &Path,
    kind: Kind,
) -> Result<Option<Shrunk>, SetupError> {
    let text = fs::read(original).map_err(|e| format!("{}: {e}", original.display()))?;
    let mut tries = Tries::new(trial, kind);
    let Some(shrunk) = ours.shrink(&text, &mut |candidate| tries.keeps(candidate)) else {
        return Ok(None);
    };
    tries
        .finish(&shrunk.input, shrunk.from, shrunk.to)
        .map(Some)
}

/// Lines of tokens, as the text shrinker holds an input.
type Tokens = Vec<Vec<String>>;

/// Shrinks `original`, an input of a format we do not know (the user's `--gen`), as text
/// while `trial` finds the disagreement `kind`: drop whole lines, then single tokens, then
/// make numbers smaller and strings shorter. A reduction that makes the input invalid is
/// refused by the reference (the brute force fails on it, or agrees), so it is simply not
/// kept.
fn shrink_text(trial: &Trial<'_>, original: &Path, kind: Kind) -> Result<Shrunk, SetupError> {
    let text = fs::read(original).map_err(|e| format!("{}: {e}", original.display()))?;
    let mut best: Tokens = String::from_utf8_lossy(&text)
        .lines()
        .map(|l| l.split_whitespace().map(String::from).collect::<Vec<_>>())
        .filter(|l| !l.is_empty())
        .collect();
    let size = |lines: &Tokens| {
        let tokens: usize = lines.iter().map(Vec::len).sum();
        format!("{} lines, {tokens} tokens", lines.len())
    };
    let render = |lines: &Tokens| {
        let mut out = String::new();
        for l in lines {
            out.push_str(&l.join(" "));
            out.push('\n');
        }
        out
    };
    let from = size(&best);
    let mut tries = Tries::new(trial, kind);
    loop {
        let before = best.clone();
        let keeps = &mut |c: &Tokens| tries.keeps(render(c).as_bytes());
        without_lines(&mut best, keeps);
        without_tokens(&mut best, keeps);
        smaller_tokens(&mut best, keeps);
        if best == before || tries.spent() {
            break;
        }
    }
    let to = size(&best);
    tries.finish(render(&best).as_bytes(), from, to)
}

/// Drops whole lines, last first, while `keeps` says the disagreement stays. A count in the
/// header (`N M` before M edges) must shrink with its lines: a removal is also tried with
/// one number of the first line one less, which a validator would otherwise refuse every
/// time.
fn without_lines(best: &mut Tokens, keeps: &mut dyn FnMut(&Tokens) -> bool) {
    for i in (0..best.len()).rev() {
        if i >= best.len() {
            continue;
        }
        let mut c = best.clone();
        c.remove(i);
        if !c.is_empty() && keeps(&c) {
            *best = c;
            continue;
        }
        if i == 0 || c.is_empty() {
            continue;
        }
        for j in 0..c[0].len() {
            let Ok(v) = c[0][j].parse::<i64>() else {
                continue;
            };
            if v <= 0 {
                continue;
            }
            let mut d = c.clone();
            d[0][j] = (v - 1).to_string();
            if keeps(&d) {
                *best = d;
                break;
            }
        }
    }
}

/// Drops single tokens of lines that hold several, last first.
fn without_tokens(best: &mut Tokens, keeps: &mut dyn FnMut(&Tokens) -> bool) {
    for i in (0..best.len()).rev() {
        for j in (0..best[i].len()).rev() {
            if best[i].len() > 1 {
                let mut c = best.clone();
                c[i].remove(j);
                if keeps(&c) {
                    *best = c;
                }
            }
        }
    }
}

/// Numbers toward zero (halved while that keeps the disagreement, then one step), and
/// strings shorter ([`shorter_strings`]).
fn smaller_tokens(best: &mut Tokens, keeps: &mut dyn FnMut(&Tokens) -> bool) {
    for i in 0..best.len() {
        for j in 0..best[i].len() {
            while let Ok(v) = best[i][j].parse::<i64>() {
                let smaller = [v / 2, v - v.signum()];
                let mut kept = false;
                for w in smaller.into_iter().filter(|&w| w != v) {
                    let mut c = best.clone();
                    c[i][j] = w.to_string();
                    if keeps(&c) {
                        *best = c;
                        kept = true;
                        break;
                    }
                }
                if !kept {
                    break;
                }
            }
            if j < best[i].len() && best[i][j].parse::<f64>().is_err() {
                *best = shorter_strings(std::mem::take(best), i, j, keeps);
            }
        }
    }
}

/// Shortens the string token `best[i][j]` one character at a time while `keeps` says the
/// disagreement stays: first the same character off every token of its length together
/// (a grid's column) with a number of the first line that equals that length one less (the
/// width in its header), then off this token alone.
fn shorter_strings(
    mut best: Tokens,
    i: usize,
    j: usize,
    keeps: &mut dyn FnMut(&Tokens) -> bool,
) -> Tokens {
    let mut k = 0;
    while k < best[i][j].chars().count() && best[i][j].chars().count() > 1 {
        let len = best[i][j].chars().count();
        let cut = |t: &str| -> String {
            t.chars()
                .enumerate()
                .filter(|&(n, _)| n != k)
                .map(|(_, c)| c)
                .collect()
        };
        let mut column = best.clone();
        for (li, line) in column.iter_mut().enumerate() {
            for t in line.iter_mut() {
                let header = li == 0 && t.parse::<usize>() == Ok(len);
                if header {
                    *t = (len - 1).to_string();
                } else if t.chars().count() == len && t.parse::<f64>().is_err() {
                    *t = cut(t);
                }
            }
        }
        let mut alone = best.clone();
        alone[i][j] = cut(&best[i][j]);
        if keeps(&column) {
            best = column;
        } else if keeps(&alone) {
            best = alone;
        } else {
            k += 1;
        }
    }
    best
}

/// The stress mode's hook: shrinks the disagreement on `input` (if `--shrink`), prints
/// `shrunk from RxC to rxc in N runs` with the shrunk case's named mistake and pictures, makes
/// the shrunk case a one-case problem folder beside it, and returns the command that judges
/// that case (the reproduce command), or `None` when nothing was shrunk.
pub fn after_stress(
    o: &Options,
    p: &Problem,
    trial: &Trial<'_>,
    input: &Path,
) -> Result<Option<String>, SetupError> {
    if !o.stress_args.shrink {
        return Ok(None);
    }
    let Some(kind) = trial.kind(input, "try")? else {
        say_text!("  (not shrunk: the disagreement did not happen again)");
        return Ok(None);
    };
    // One of our problems, from our problems folder, by its own reductions; anything else
    // (the user's --gen) as text.
    let ours = p.is_ours();
    let shrunk = match crate::ours::find(&p.name).filter(|_| ours) {
        Some(problem) => shrink_ours(trial, problem, input, kind)?,
        None => None,
    };
    let shrunk = match shrunk {
        Some(shrunk) => shrunk,
        None => shrink_text(trial, input, kind)?,
    };
    say_shrunk(trial, input, &shrunk);
    keep_as_problem(p, trial, &shrunk.input)?;
    Ok(Some(replay(o, p, trial, ours)))
}

/// Says how far `original` shrank, the shrunk case's named mistake and pictures, and where
/// its files are.
fn say_shrunk(trial: &Trial<'_>, original: &Path, shrunk: &Shrunk) {
    let changed = fs::read(original).ok() != fs::read(&shrunk.input).ok();
    say_text!(
        "shrunk from {} to {} in {} runs{}",
        shrunk.from,
        shrunk.to,
        shrunk.runs,
        if shrunk.from == shrunk.to && changed {
            " (numbers made smaller)"
        } else {
            ""
        }
    );
    let (expected, got) = (
        trial.dir.join("shrunk.expected"),
        trial.dir.join("shrunk.got"),
    );
    if let Some(explain) = trial.explain {
        let mut lines = explain.mistake(&shrunk.input, &got, &expected);
        let base = trial.dir.join("shrunk");
        lines.extend(explain.pictures("shrunk", &base, &shrunk.input, &got, &expected));
        for line in lines {
            say_text!("{line}");
        }
    }
    crate::say_json!({
        "mode": "shrink", "from": shrunk.from, "to": shrunk.to, "runs": shrunk.runs,
        "input": shrunk.input.display().to_string(),
        "expected": expected.display().to_string(), "got": got.display().to_string(),
    });
    let shown = |p: &Path| short(&p.display().to_string());
    say_text!("  shrunk:     {}", shown(&shrunk.input));
    say_text!("  expected:   {}", shown(&expected));
    say_text!("  got:        {}", shown(&got));
}

/// The shrunk case as a one-case problem folder, `DIR/<problem>/tests/shrunk.in|.out`,
/// with the problem's info.toml, so that the ordinary judge replays it with every
/// explanation.
fn keep_as_problem(p: &Problem, trial: &Trial<'_>, shrunk: &Path) -> Result<(), SetupError> {
    let tests = trial.dir.join("tests");
    fs::create_dir_all(&tests).map_err(|e| format!("{}: {e}", tests.display()))?;
    let copy = |from: &Path, to: &Path| {
        fs::copy(from, to)
            .map(|_| ())
            .map_err(|e| format!("{}: {e}", to.display()))
    };
    match &p.info_path {
        Some(info) => copy(info, &trial.dir.join("info.toml"))?,
        None => fs::write(trial.dir.join("info.toml"), "")
            .map_err(|e| format!("{}: {e}", trial.dir.display()))?,
    }
    copy(shrunk, &tests.join("shrunk.in"))?;
    copy(
        &trial.dir.join("shrunk.expected"),
        &tests.join("shrunk.out"),
    )?;
    Ok(fs::write(tests.join("shrunk.args"), trial.args.join(" "))
        .map_err(|e| format!("{}: {e}", tests.display()))?)
}

/// The command that judges the shrunk case, from any folder: absolute paths, a source file
/// by the name the user gave it, and a `cd` for a shell line or a relative source. `ours`: the problem is one of our problems folder's.
fn replay(o: &Options, p: &Problem, trial: &Trial<'_>, ours: bool) -> String {
    let problems_dir = trial.dir.parent().unwrap_or(trial.dir);
    let judge = o.command_for("test");
    let mut again = if ours {
        format!(
            "{judge} --problems-dir {} {}",
            shell_quote(&absolute(problems_dir)),
            p.name
        )
    } else {
        let tests = trial.dir.join("tests");
        let mut line = format!("{judge} --tests {}", shell_quote(&absolute(&tests)));
        if let Some(c) = trial
            .check
            .external()
            .filter(|_| o.verdicts.checker_cmd.is_some())
        {
            line.push_str(&format!(
                " --checker-cmd {}",
                shell_quote(&c.program().absolutized().command_line())
            ));
        }
        line
    };
    let (cmd, source) = super::candidate_words(o, trial.candidate);
    again.push_str(&cmd);
    for (on, flag) in [
        (o.verdicts.checker, " --checker"),
        (o.verdicts.draw, " --draw"),
        (o.run.wall_time, " --wall-time"),
    ] {
        if on {
            again.push_str(flag);
        }
    }
    // A relative source is found from this folder only: the line starts with a `cd` to it.
    if source.is_some_and(|s| Path::new(s).is_relative()) {
        return crate::run::program::cd_here(again);
    }
    crate::run::program::with_cd(&[trial.candidate], again)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_shrink_by_columns_with_their_width_in_the_header() {
        let lines = |t: &[&[&str]]| -> Tokens {
            t.iter()
                .map(|l| l.iter().map(|w| w.to_string()).collect())
                .collect()
        };
        let start = lines(&[&["2", "5"], &["#..##"], &[".##.#"]]);
        // The disagreement: some row still holds `##`.
        let mut runs = 0;
        let mut keeps = |c: &Tokens| {
            runs += 1;
            c.iter().flatten().any(|t| t.contains("##"))
        };
        let shrunk = shorter_strings(start, 1, 0, &mut keeps);
        assert_eq!(shrunk, lines(&[&["2", "2"], &["##"], &[".#"]]));
        assert!(runs < 20, "{runs} runs");
    }
}
