//! Judging an answer: [`Check`] names how (the exact comparison by lines, Kattis' default
//! validator by tokens, one of DMOJ's named checkers, a checker program) and [`Check::judge`]
//! is the one function that judges an output by it, for `test`, `stress`, `shrink`, `verify`
//! and an interactor's output alike. One file per method, as DMOJ's judge keeps one per
//! checker: `lines`, `tokens`, `named`, `external`.
//!
//! What it finds is a [`Judgement`]: the verdict (AC, WA, PE or PTS), the [`Why`] that
//! explains a rejection as data (the first differing line, a reason, a checker's message),
//! and the checker's time and score; turning it into lines for a person is the caller's
//! (`modes::case`). What stops it is a [`CheckError`], a setup error and never the
//! program's fault: a checker that cannot run or that failed, a file that cannot be read,
//! flags the default validator does not take.
//!
//! [`Protocol`] says how a program that judges is called and answers, for checkers here and
//! interactors (`judge::interact`) alike; the format readers say which.
//!
//! Cost: the comparisons stream both files (O(size) time, O(1) memory); a named checker
//! reads both whole, as DMOJ's judge does; a checker program costs a run under
//! [`external::LIMITS`].

pub mod external;
pub mod lines;
pub mod named;
pub mod tokens;

use std::fmt;
use std::io;
use std::path::Path;
use std::time::Instant;

use crate::judge::verdict::Verdict;
use external::External;
use lines::Difference;
use named::Named;
use tokens::Rules;

/// How an output is judged against its answer.
#[derive(Clone, Debug, PartialEq)]
pub enum Check {
    /// Line by line, trailing whitespace, CRLF and trailing blank lines aside (`lines`).
    Lines,
    /// Token by token, by Kattis' default validator with these flags (`tokens`); a case may
    /// add its group's.
    Tokens(Vec<String>),
    /// One of DMOJ's named checkers, run inside the judge (`named`).
    Named(Named),
    /// A checker program (`external`).
    External(External),
}

/// The files an answer is judged with.
pub struct Files<'a> {
    pub input: &'a Path,
    /// The program's output.
    pub output: &'a Path,
    /// The expected answer (`/dev/null` for a case without one).
    pub answer: &'a Path,
    /// A path in a private folder that names a checker's own files (`.checker.out`,
    /// `.feedback/`... are appended).
    pub scratch: &'a Path,
    /// Where a checker that fails leaves its whole message (`CASE.checker`), which its
    /// error names.
    pub keep: &'a Path,
    /// The case's points, where the package gives each case its own (DMOJ's): a DMOJ
    /// testlib bridge awards some of them.
    pub points: Option<f64>,
}

/// What judging an answer found.
#[derive(Clone, Debug, PartialEq)]
pub struct Judgement {
    /// AC, WA, PE or PTS.
    pub verdict: Verdict,
    /// Why the answer was rejected, as the method says it (`None` when accepted).
    pub why: Option<Why>,
    /// The checker's time: a program's wall time, start-up included, or a named checker's
    /// in the judge; `None` for the comparisons.
    pub checker_ms: Option<u64>,
    /// The case's score where the checker gave one: a Kattis validator's `score.txt`, a CMS
    /// checker's, `linecount`'s fraction.
    pub score: Option<f64>,
}

/// Why an answer was rejected.
#[derive(Clone, Debug, PartialEq)]
pub enum Why {
    /// The first line where the output and the answer differ (the exact comparison).
    Difference(Difference),
    /// The judge's own reason (the token comparison, a named checker).
    Reason(String),
    /// A checker program's message: what it said of this answer (`points SCORE: ...` for
    /// partial points), and all it printed, to keep beside the case.
    Message { said: String, whole: String },
}

/// Why an answer could not be judged: a setup error, never the program's fault.
#[derive(Debug)]
pub enum CheckError {
    /// The checker program (`who`: the checker, the output validator) could not be run at
    /// all: not found, not executable, or the judge could not start it.
    CannotRun { who: &'static str, why: String },
    /// The checker program ran and failed (testlib's exit 3, an exit code or an answer
    /// outside its protocol, a signal, a limit): the whole sentence that says so.
    Failed(String),
    /// The default validator's flags: one it does not take, or a bad number.
    Flags(String),
    /// A file could not be read or made; `what` names it, or what was being done.
    Io { what: String, error: io::Error },
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckError::CannotRun { who, why } => write!(f, "{who}: {why}"),
            CheckError::Failed(sentence) => f.write_str(sentence),
            CheckError::Flags(why) => write!(f, "the default validator: {why}"),
            CheckError::Io { what, error } => write!(f, "{what}: {error}"),
        }
    }
}

impl std::error::Error for CheckError {}

/// For the callers whose errors are still text.
impl From<CheckError> for String {
    fn from(e: CheckError) -> String {
        e.to_string()
    }
}

impl CheckError {
    /// An error reading the output or the answer.
    fn comparing(error: io::Error) -> CheckError {
        CheckError::Io {
            what: "comparing".to_string(),
            error,
        }
    }
}

impl Judgement {
    /// The judge's own word: accepted without a `why`, else a wrong answer.
    fn of(why: Option<Why>) -> Judgement {
        Judgement {
            verdict: match why {
                None => Verdict::Ac,
                Some(_) => Verdict::Wa,
            },
            why,
            checker_ms: None,
            score: None,
        }
    }
}

impl Check {
    /// What a header calls it.
    pub fn describe(&self) -> String {
        match self {
            Check::Lines => "exact".to_string(),
            Check::Tokens(flags) => Rules::from_flags(flags)
                .map(|r| r.describe())
                .unwrap_or_else(|_| format!("tokens {}", flags.join(" "))),
            Check::Named(named) => named.describe(),
            Check::External(checker) => checker.describe(),
        }
    }

    /// The checker program, when answers are judged by one.
    pub fn external(&self) -> Option<&External> {
        match self {
            Check::External(checker) => Some(checker),
            _ => None,
        }
    }

    /// Judges `files.output` against `files.answer`. `args` are the case's own arguments for
    /// a Kattis output validator (its group's `output_validator_args`), which the default
    /// validator takes as flags.
    pub fn judge(&self, files: &Files<'_>, args: &[String]) -> Result<Judgement, CheckError> {
        let (answer, output) = (files.answer, files.output);
        match self {
            Check::Lines => {
                let differs =
                    lines::first_difference(answer, output).map_err(CheckError::comparing)?;
                Ok(Judgement::of(differs.map(Why::Difference)))
            }
            Check::Tokens(flags) => {
                let all: Vec<&String> = flags.iter().chain(args).collect();
                let rules = Rules::from_flags(&all).map_err(CheckError::Flags)?;
                let why = tokens::compare(answer, output, &rules).map_err(CheckError::comparing)?;
                Ok(Judgement::of(why.map(Why::Reason)))
            }
            Check::Named(named) => {
                // The package's checker, run here: its time is shown as a program's is.
                let started = Instant::now();
                let mut judgement = named.judge_files(answer, output)?;
                let ms = started.elapsed().as_millis();
                judgement.checker_ms = Some(u64::try_from(ms).unwrap_or(u64::MAX));
                Ok(judgement)
            }
            Check::External(checker) => checker.judge(files, args),
        }
    }
}

/// How a program that judges (a checker, an interactor, a manager) is called and how it
/// answers: the one description the format readers fill, checkers (`external`) and
/// interactors (`judge::interact`) follow.
#[derive(Clone, Debug, PartialEq)]
pub enum Protocol {
    /// testlib: `CHECKER INPUT OUTPUT ANSWER`, exit 0 AC, 1 WA, 2 PE, 3 its own failure, 7
    /// points; as an interactor, `INTERACTOR INPUT OUTPUT [ANSWER]` between the program's
    /// pipes.
    Testlib,
    /// DMOJ's testlib bridge (a `bridged` checker of type `testlib`): testlib's call and
    /// codes, but exit 7 passes the case with the points a line `points X` of its stderr
    /// gives (X a whole number, at most the case's points), as DMOJ's documentation of
    /// bridged checkers says; anything else is the checker's failure.
    DmojTestlib,
    /// DMOJ's `default` bridge (a `bridged` checker of type `default`): testlib's call, exit
    /// 0 AC, 1 WA, anything else the checker's failure (DMOJ's internal error).
    DmojDefault,
    /// Kattis: `VALIDATOR INPUT ANSWER FEEDBACK_DIR/ FLAGS... < OUTPUT`, exit 42 AC, 43 WA;
    /// as an interactor, between the program's pipes. `flags` are the package's (each case
    /// may add its group's).
    Kattis { flags: Vec<String> },
    /// CMS: `CHECKER INPUT ANSWER OUTPUT`, a score in [0, 1] on stdout and the message on
    /// stderr, exit 0.
    Cms,
    /// CMS's Communication manager: `MANAGER U0_TO_M M_TO_U0 ... < INPUT` (and `input.txt`
    /// in its folder) with `processes` copies of the program, each over its own pair of
    /// FIFOs: its arguments `M_TO_U U_TO_M` with `fifos` (CMS's `fifo_io`), else its stdin and
    /// stdout (`std_io`); it answers as a CMS checker.
    CmsManager { processes: usize, fifos: bool },
}

impl Protocol {
    /// The verdict an exit code says where the protocol says it by exit code (testlib: 0,
    /// 1, 2, 7; Kattis: 42, 43); `None` for any other code, and in CMS's, where a score
    /// says it.
    pub fn verdict_of_exit(&self, code: i32) -> Option<Verdict> {
        match (self, code) {
            (Protocol::Testlib | Protocol::DmojTestlib | Protocol::DmojDefault, 0)
            | (Protocol::Kattis { .. }, 42) => Some(Verdict::Ac),
            (Protocol::Testlib | Protocol::DmojTestlib | Protocol::DmojDefault, 1)
            | (Protocol::Kattis { .. }, 43) => Some(Verdict::Wa),
            (Protocol::Testlib | Protocol::DmojTestlib, 2) => Some(Verdict::Pe),
            (Protocol::Testlib | Protocol::DmojTestlib, 7) => Some(Verdict::Pts),
            _ => None,
        }
    }
}
