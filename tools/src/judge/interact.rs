//! Interactive problems: the program and an interactor run side by side, each under its own
//! supervisor and limits, the program's stdout feeding the interactor's stdin and the other
//! way round, with the judge relaying (and recording) the exchange in between.
//!
//! The interactor speaks one of the [`Protocol`]s a checker speaks: testlib's (`--interactor
//! CMD`: `CMD INPUT OUTPUT [ANSWER]`, exit codes as a checker's; a checker program then
//! judges the OUTPUT file it wrote, by [`Check::judge`]) or Kattis' (an interactive package's
//! output validator: `VALIDATOR INPUT ANSWER FEEDBACK_DIR/ < program's output > program's
//! input`, 42 accepted, 43 wrong answer). A CMS Communication manager talks with one or more
//! copies of the program over FIFOs of their own, with no relay (see `communicate`).
//!
//! The plumbing is four FIFOs in the case's scratch folder, which the supervisor opens by
//! path like any stdin and stdout, passing a FIFO through live instead of capturing it
//! (`run::supervise`): the program reads `to-program` and writes
//! `from-program`, the interactor reads `to-interactor` and writes `from-interactor`, and two
//! relay threads copy `from-program` to `to-interactor` and `from-interactor` to
//! `to-program`, appending what passes to the transcript (`>` the program's lines, `<` the
//! interactor's, as in Kattis' `.interaction` files; at most [`TRANSCRIPT_CAP`] bytes). Each
//! supervisor opens its stdin before its stdout, so each relay opens its write end first: no
//! cycle of blocking opens. Nor can an open wait for good: a supervisor waits for the other
//! end only until the run's wall backstop (`sys::open_fifo`), and once both sides have ended
//! a relay still in `open` is let go ([`release_while`]).
//!
//! The verdict, by a rule that never depends on timing (docs/judge.md, "Interactive
//! problems"): the side whose end the judge sees first is recorded by the relays themselves,
//! before they pass that end on to the other side, so the other side's reaction (EOF,
//! `SIGPIPE`) always comes after it. If the interactor ended first and rejected, its verdict
//! (WA, PE, PTS), whatever the program did next; otherwise a program that ended badly (a limit, a crash) has that
//! verdict; otherwise the interactor's. As in problemtools, what the interactor writes after
//! the program has gone is read and dropped (it never dies of `SIGPIPE` for a program that
//! left early: it reads EOF and decides), and the program loses its output pipe only once the
//! interactor has ended without accepting (so a program still writing as an accepting
//! interactor exits is not killed by `SIGPIPE` either). A program that waits for an answer
//! without flushing its question uses no CPU, and the wall-clock backstop ends it: TLE.
//!
//! Cost: three threads besides the two runs, the exchange copied once through 16 KiB
//! buffers, and at most [`TRANSCRIPT_CAP`] bytes of it held.

use std::fs::{self, File, OpenOptions};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Condvar, Mutex};
use std::thread;
use std::time::Duration;

use crate::judge::cases::Case;
use crate::judge::check::external::{self, absolute};
use crate::judge::check::{Check, Files, Protocol, Why};
use crate::judge::verdict::{self, Outcome, Verdict};
use crate::run::files::{read_capped, read_ends, sibling, Private};
use crate::run::program::Program;
use crate::run::spec::{run_program, run_program_in};
use crate::run::spec::{Limits, Run, RunError, Spec};
use crate::run::sys::{signal_name, Status};
use crate::text::{detail, printable};

/// The most of the exchange a failing case keeps (`CASE.interaction`).
pub const TRANSCRIPT_CAP: usize = 64 * 1024;

/// An interactor (a testlib interactor, a Kattis interactive validator) or a CMS
/// Communication manager, and the protocol it speaks (never a CMS checker's).
#[derive(Clone, Debug)]
pub struct Interactor {
    program: Program,
    protocol: Protocol,
}

impl Interactor {
    /// An interactor that speaks `protocol`; `None` for a CMS checker, which is no
    /// Communication manager.
    pub fn new(program: Program, protocol: Protocol) -> Option<Interactor> {
        match protocol {
            Protocol::Cms => None,
            protocol => Some(Interactor { program, protocol }),
        }
    }

    /// Whether the interactor's run says "accepted".
    fn accepts(&self, run: &Run) -> bool {
        let Status::Code(code) = run.status else {
            return false;
        };
        run.killed.is_none() && self.protocol.verdict_of_exit(code) == Some(Verdict::Ac)
    }

    pub fn describe(&self) -> String {
        match &self.protocol {
            Protocol::Testlib | Protocol::DmojTestlib | Protocol::DmojDefault => {
                format!("interactor {}", self.program.describe())
            }
            Protocol::Kattis { .. } => {
                format!("interactive validator {} (42/43)", self.program.describe())
            }
            Protocol::CmsManager { processes: 1, .. } => {
                format!("CMS manager {}", self.program.describe())
            }
            Protocol::CmsManager { processes, .. } => format!(
                "CMS manager {} with {processes} processes",
                self.program.describe()
            ),
            Protocol::Cms => unreachable!("Interactor::new refuses a CMS checker"),
        }
    }

    /// `--interactor CMD`, which must be runnable.
    pub fn command(cmd: &str) -> Result<Interactor, String> {
        let program = Program::from_cmd(cmd);
        program
            .check_runnable()
            .map_err(|e| format!("--interactor: {e}"))?;
        Ok(Interactor {
            program,
            protocol: Protocol::Testlib,
        })
    }
}

/// The interactor's limits: a checker's CPU and memory, and a wall clock that outlasts the
/// program's backstop, as far as a starved program's is drawn out, by five seconds, so that
/// the program's own ending is seen first (the interactor, waiting for it, is not drawn out).
fn interactor_limits(program: &Limits) -> Limits {
    let c = external::LIMITS;
    Limits {
        // The backstop is twice the CPU limit plus a second.
        time_ms: c
            .time_ms
            .max((program.longest_wall_ms() + 4_000).div_ceil(2)),
        ..c
    }
}

/// The exchange so far, both directions, capped.
#[derive(Default)]
struct Transcript {
    text: Vec<u8>,
    dropped: u64,
}

impl Transcript {
    fn add(&mut self, mark: &str, line: &[u8]) {
        let room = TRANSCRIPT_CAP.saturating_sub(self.text.len());
        let need = mark.len() + line.len() + 1;
        if need > room {
            self.dropped += line.len() as u64;
            return;
        }
        self.text.extend_from_slice(mark.as_bytes());
        self.text.extend_from_slice(line);
        self.text.push(b'\n');
    }
}

/// The folder of a case's FIFOs, `CASE.pipes/`, made afresh (removed after the run).
fn fifo_folder(base: &Path) -> Result<PathBuf, String> {
    let pipes = sibling(base, "pipes");
    let _ = fs::remove_dir_all(&pipes);
    fs::create_dir_all(&pipes).map_err(|e| format!("{}: {e}", pipes.display()))?;
    Ok(pipes)
}

fn mkfifo(path: &Path) -> Result<(), String> {
    let _ = fs::remove_file(path);
    let ok = Command::new("mkfifo")
        .arg(path)
        .status()
        .map_err(|e| format!("cannot run mkfifo: {e}"))?
        .success();
    if ok {
        Ok(())
    } else {
        Err(format!("mkfifo {} failed", path.display()))
    }
}

/// Tells `.0` on drop that the interactor has ended, and whether it accepted (`.1`).
struct Told<'a>(&'a Watch, bool);

impl Drop for Told<'_> {
    fn drop(&mut self) {
        self.0.interactor_done(self.1);
    }
}

/// A side of the exchange.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    Program,
    Interactor,
}

/// What the relays have seen of the two sides' ends, in the order they saw it.
#[derive(Default)]
struct Ends {
    /// The side whose end was seen first: its stdout at EOF or its stdin closed.
    first: Option<End>,
    /// Whether the interactor accepted, once it has ended.
    accepted: Option<bool>,
}

/// [`Ends`] shared by the relays and the interactor's runner.
#[derive(Default)]
struct Watch {
    ends: Mutex<Ends>,
    told: Condvar,
}

impl Watch {
    fn lock(&self) -> std::sync::MutexGuard<'_, Ends> {
        self.ends.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// `side` has ended (as a relay saw it). Called before the relay passes the end on.
    fn ended(&self, side: End) {
        self.lock().first.get_or_insert(side);
    }

    fn first(&self) -> Option<End> {
        self.lock().first
    }

    fn interactor_done(&self, accepted: bool) {
        self.lock().accepted = Some(accepted);
        self.told.notify_all();
    }

    /// Waits until the interactor has ended; whether it accepted.
    fn interactor_accepted(&self) -> bool {
        let mut e = self.lock();
        loop {
            if let Some(a) = e.accepted {
                return a;
            }
            e = self.told.wait(e).unwrap_or_else(|e| e.into_inner());
        }
    }
}

/// Copies `from` (the output of side `writer`) to `to` (the input of the other side) into
/// the transcript under `mark`, until `from` ends. Each end is recorded in `watch` before it
/// is passed on (see the module's note).
fn relay(from: &Path, to: &Path, writer: End, mark: &str, log: &Mutex<Transcript>, watch: &Watch) {
    let reader = match writer {
        End::Program => End::Interactor,
        End::Interactor => End::Program,
    };
    // The write end first: the supervisor on the other side opens its stdin before its
    // stdout (see the module's note).
    let mut out = OpenOptions::new().write(true).open(to).ok();
    if out.is_none() {
        watch.ended(reader);
    }
    let mut input = match File::open(from) {
        Ok(f) => f,
        Err(_) => {
            watch.ended(writer);
            return;
        }
    };
    let mut buf = vec![0u8; 16 * 1024];
    let mut partial: Vec<u8> = Vec::new();
    loop {
        let n = match input.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => n,
        };
        // Into the transcript before it is passed on, so that the answer to a line, which
        // the other relay logs, can never come before it.
        partial.extend_from_slice(&buf[..n]);
        if let Ok(mut log) = log.lock() {
            while let Some(at) = partial.iter().position(|&b| b == b'\n') {
                log.add(mark, &partial[..at]);
                partial.drain(..=at);
            }
            if partial.len() > TRANSCRIPT_CAP {
                let whole = std::mem::take(&mut partial);
                log.add(mark, &whole);
            }
        }
        let Some(o) = out.as_mut() else {
            // The reader is gone; what the writer still says is read and dropped.
            continue;
        };
        if o.write_all(&buf[..n]).and_then(|()| o.flush()).is_err() {
            // The reader closed its input: it has ended, or as good as.
            out = None;
            watch.ended(reader);
            // The program loses its pipe (SIGPIPE or EPIPE on its next write, instead of
            // talking to no one until its limit) only once the interactor has rejected; an
            // interactor is never cut off: it reads EOF in its own time and decides.
            if writer == End::Program && !watch.interactor_accepted() {
                break;
            }
        }
    }
    watch.ended(writer);
    drop(out);
    if !partial.is_empty() {
        if let Ok(mut log) = log.lock() {
            log.add(mark, &partial);
        }
    }
}

/// Opens each FIFO with read and write at once (which never blocks) and closes it: a relay
/// still waiting in `open` for a side that never came is released.
fn release<P: AsRef<Path>>(fifos: &[P]) {
    for f in fifos {
        let _ = OpenOptions::new().read(true).write(true).open(f);
    }
}

/// [`release`]s the FIFOs again and again while `running` says so: a thread or a process
/// that comes to open one only after the side it waits for has ended (and its one
/// [`release`] has passed) is released too, instead of waiting for good (a relay) or until
/// its own limit (a CMS manager). Opening and closing an end while the other side reads or
/// writes changes nothing it sees but a moment's delay of its EOF or `EPIPE`.
fn release_while<P: AsRef<Path>>(fifos: &[P], running: impl Fn() -> bool) {
    while running() {
        release(fifos);
        thread::sleep(Duration::from_millis(5));
    }
}

/// The program's side of an interactive case: what runs, its limits, how answers are
/// judged (a checker program judges the interactor's OUTPUT, testlib), and where a failing
/// case's files go.
pub struct Side<'a> {
    pub program: &'a Program,
    pub limits: Limits,
    pub check: &'a Check,
    pub out_dir: &'a Path,
}

/// Judges `case` interactively: the program of `t` against `interactor`.
pub fn judge_case(case: &Case, t: &Side<'_>, interactor: &Interactor) -> Result<Outcome, String> {
    if let Protocol::CmsManager { processes, fifos } = interactor.protocol {
        return communicate(case, t, interactor, processes, fifos);
    }
    let x = Exchange::new(case, t.out_dir)?;
    let i_args = interactor_args(interactor, case, &x)?;
    let (p_run, i_run, transcript, first) = converse(case, t, interactor, &x, &i_args);
    let _ = fs::remove_dir_all(&x.pipes);
    let p_run = p_run?;
    let i_run = i_run.map_err(|e| format!("interactor: {e}"))?;
    case.intact()?;
    let (rejected, score) = interactor_said(interactor, &i_run, &x.i_err, &x.feedback)?;
    let program_bad = verdict::of_interactive_run(&p_run, &t.limits)?;
    let interactor_first = first == Some(End::Interactor);
    let (mut verdict, mut lines) = decide(rejected, program_bad, interactor_first, &x.stderr);
    // testlib: the checker, if any, judges what the interactor wrote.
    let mut checked_score = None;
    let testlib = interactor.protocol == Protocol::Testlib;
    if verdict == Verdict::Ac && testlib && t.check.external().is_some() {
        let keep = sibling(&x.base, "checker");
        let files = Files {
            input: &case.input,
            output: &x.got,
            answer: &x.answer,
            scratch: &x.base,
            keep: &keep,
            points: case.points,
        };
        let judgement = t.check.judge(&files, &case.checker_args)?;
        verdict = judgement.verdict;
        checked_score = judgement.score.filter(|_| verdict == Verdict::Ac);
        if let Some(Why::Message { said, .. }) = judgement.why {
            lines.push(detail(&format!("checker: {}", printable(said.as_bytes()))));
        }
    }
    if verdict == Verdict::Ac {
        let _ = fs::remove_file(&x.got);
        let _ = fs::remove_file(&x.stderr);
        let _ = fs::remove_file(&x.i_err);
        let _ = fs::remove_dir_all(&x.feedback);
    } else {
        lines.extend(keep_transcript(transcript, &x.base)?);
    }
    let mut outcome = Outcome::of_run(verdict, &p_run, lines);
    outcome.score = score.or(checked_score);
    // The interactor runs alongside the program, so its wall time is the exchange's: what
    // it cost is its CPU time.
    outcome.interactor_ms = Some(i_run.cpu_ms);
    Ok(outcome)
}

/// The files of one interactive case beside `base` (`OUT/CASE`): its four FIFOs in `pipes`
/// (`CASE.pipes/`), the program's `stderr`, the OUTPUT file `got` a testlib interactor
/// writes, the interactor's `i_err`, a Kattis interactor's `feedback` folder, and the case's
/// `answer` (`/dev/null` when it has none).
struct Exchange {
    base: PathBuf,
    pipes: PathBuf,
    /// to-program, from-program, to-interactor, from-interactor.
    fifos: [PathBuf; 4],
    stderr: PathBuf,
    got: PathBuf,
    i_err: PathBuf,
    feedback: PathBuf,
    answer: PathBuf,
}

impl Exchange {
    /// The case's files, its FIFOs made.
    fn new(case: &Case, out_dir: &Path) -> Result<Exchange, String> {
        let base = out_dir.join(&case.name);
        let pipes = fifo_folder(&base)?;
        let fifos = [
            "to-program",
            "from-program",
            "to-interactor",
            "from-interactor",
        ]
        .map(|n| pipes.join(n));
        fifos.iter().try_for_each(|f| mkfifo(f))?;
        let at = |ext: &str| sibling(&base, ext);
        let feedback = at("feedback");
        let _ = fs::remove_dir_all(&feedback);
        Ok(Exchange {
            stderr: at("stderr"),
            got: at("got"),
            i_err: at("interactor.stderr"),
            answer: case.answer().unwrap_or(Path::new("/dev/null")).into(),
            feedback,
            fifos,
            pipes,
            base,
        })
    }
}

/// The interactor's command line in its protocol (a Kattis interactor's feedback folder
/// made).
fn interactor_args(i: &Interactor, case: &Case, x: &Exchange) -> Result<Vec<String>, String> {
    let (input, answer) = (absolute(&case.input), absolute(&x.answer));
    match &i.protocol {
        Protocol::Testlib | Protocol::DmojTestlib | Protocol::DmojDefault => {
            Ok(vec![input, absolute(&x.got), answer])
        }
        Protocol::Kattis { flags } => {
            let feedback = &x.feedback;
            fs::create_dir_all(feedback).map_err(|e| format!("{}: {e}", feedback.display()))?;
            let mut v = vec![input, answer, format!("{}/", absolute(feedback))];
            v.extend(flags.iter().chain(&case.checker_args).cloned());
            // The program's own stdout is not a file here; `got` keeps its side of the
            // exchange.
            let _ = fs::remove_file(&x.got);
            Ok(v)
        }
        Protocol::Cms | Protocol::CmsManager { .. } => unreachable!("judged by communicate"),
    }
}

/// A run, or why it could not be made.
type Ran = Result<Run, String>;

/// The program and the interactor, side by side through the relays: their runs, the
/// exchange, and the side whose end the relays saw first.
fn converse(
    case: &Case,
    t: &Side<'_>,
    interactor: &Interactor,
    x: &Exchange,
    i_args: &[String],
) -> (Ran, Ran, Transcript, Option<End>) {
    let i_limits = interactor_limits(&t.limits);
    let log = Mutex::new(Transcript::default());
    let fifos = &x.fifos;
    let [to_program, from_program, to_interactor, from_interactor] = fifos;
    let watch = Watch::default();
    let (p_run, i_run) = thread::scope(|s| {
        // When one side ends (or never starts), opens still waiting for it are released, so
        // that the other side and the relays cannot wait forever.
        let p = s.spawn(|| {
            let r = run_program(
                t.program,
                &case.args,
                Some(to_program),
                from_program,
                &x.stderr,
                t.limits,
            );
            release(fifos);
            // Its supervisor ends with the thread, before the scope does.
            crate::run::sandbox::release();
            r
        });
        let i = s.spawn(|| {
            // Told however the run ends (a panic too): a relay may be waiting to hear it.
            let mut told = Told(&watch, false);
            let r = run_program(
                &interactor.program,
                i_args,
                Some(to_interactor),
                from_interactor,
                &x.i_err,
                i_limits,
            );
            told.1 = r.as_ref().is_ok_and(|run| interactor.accepts(run));
            drop(told);
            release(fifos);
            // Its supervisor ends with the thread, before the scope does.
            crate::run::sandbox::release();
            r
        });
        let (log, watch) = (&log, &watch);
        let a = s.spawn(move || relay(from_program, to_interactor, End::Program, "> ", log, watch));
        let b = s.spawn(move || {
            relay(
                from_interactor,
                to_program,
                End::Interactor,
                "< ",
                log,
                watch,
            )
        });
        let p_run = p
            .join()
            .unwrap_or_else(|_| Err("the program's runner panicked".into()));
        let i_run = i
            .join()
            .unwrap_or_else(|_| Err("the interactor's runner panicked".into()));
        // Both sides have ended: a relay that reached its open only now is let go.
        release_while(fifos, || !(a.is_finished() && b.is_finished()));
        let _ = a.join();
        let _ = b.join();
        (p_run, i_run)
    });
    let transcript = log.into_inner().unwrap_or_else(|e| e.into_inner());
    (p_run, i_run, transcript, watch.first())
}

/// A verdict other than AC and why (as [`verdict::of_run`] gives one for a run).
type Rejection = (Verdict, String);

/// The verdict by the rule of the module's note, and the lines that explain it: the
/// interactor's rejection (its verdict and why) when it ended first or the program ended
/// well, else the way the program ended (`stderr`: its last line under an RE).
fn decide(
    rejected: Option<Rejection>,
    program_bad: Option<Rejection>,
    interactor_first: bool,
    stderr: &Path,
) -> (Verdict, Vec<String>) {
    let interactor = |why: &str| detail(&format!("interactor: {}", printable(why.as_bytes())));
    match (rejected, program_bad) {
        (None, None) => (Verdict::Ac, Vec::new()),
        (Some((v, why)), None) => (v, vec![interactor(&why)]),
        (Some((v, why)), Some(_)) if interactor_first => (v, vec![interactor(&why)]),
        (rejected, Some((v, why))) => {
            let mut lines = vec![detail(&why)];
            if v == Verdict::Re {
                lines.extend(verdict::stderr_line(&read_ends(stderr, 8192)));
            }
            lines.extend(rejected.map(|(_, m)| interactor(&m)));
            (v, lines)
        }
    }
}

/// Keeps a failing case's exchange as `CASE.interaction`; the lines that name it and show
/// its last four lines.
fn keep_transcript(transcript: Transcript, base: &Path) -> Result<Vec<String>, String> {
    let path = sibling(base, "interaction");
    let mut text = transcript.text;
    if transcript.dropped > 0 {
        text.extend(format!("[judge: {} more bytes not kept]\n", transcript.dropped).bytes());
    }
    fs::write(&path, &text).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut lines = vec![detail(&format!(
        "the exchange (> program, < interactor): {}",
        crate::text::short(&path.display().to_string())
    ))];
    let text = String::from_utf8_lossy(&text);
    let last: Vec<&str> = text.lines().rev().take(4).collect();
    for l in last.into_iter().rev() {
        lines.push(detail(&format!("  {}", printable(l.as_bytes()))));
    }
    Ok(lines)
}

/// What the interactor's run says in its protocol: `None` for accepted, else its verdict and
/// why; and a Kattis interactor's score. `Err` when it failed (a setup error).
fn interactor_said(
    interactor: &Interactor,
    run: &Run,
    err: &Path,
    feedback: &Path,
) -> Result<(Option<Rejection>, Option<f64>), String> {
    let message = external::message_line(Some(feedback), &[err], 16 * 1024);
    let failed = |how: String| {
        let said = match message.as_str() {
            "" => String::new(),
            m => format!(": {m}"),
        };
        Err(format!("the {} {how}{said}", interactor.describe()))
    };
    if let Some(k) = run.killed {
        return failed(format!("was killed ({} limit)", k.name()));
    }
    let code = match run.status {
        Status::Code(c) => c,
        Status::Signal(s) => return failed(format!("was killed by {}", signal_name(s))),
    };
    let kattis = matches!(interactor.protocol, Protocol::Kattis { .. });
    let Some(verdict) = interactor.protocol.verdict_of_exit(code) else {
        let codes = match kattis {
            true => "Kattis' codes: 42 accepted, 43 wrong answer",
            false => "testlib's codes: 0 AC, 1 WA, 2 PE, 3 failure, 7 points",
        };
        return failed(format!("ended with exit code {code} ({codes})"));
    };
    let default = match verdict {
        Verdict::Ac if kattis => return Ok((None, external::read_score(feedback)?)),
        Verdict::Ac => return Ok((None, None)),
        Verdict::Wa if kattis => "rejected",
        Verdict::Wa => "wrong answer",
        Verdict::Pe => "presentation error",
        _ => "points",
    };
    let why = match message {
        m if m.is_empty() => default.to_string(),
        m => m,
    };
    Ok((Some((verdict, why)), None))
}

/// Judges `case` as CMS's Communication task type does: the manager reads the input on its
/// stdin, or from `input.txt` in its working folder (CMS gives both; older managers read the
/// file), and gets, for each of the `processes` copies of the program, a pair of FIFOs
/// (`MANAGER U0_TO_M M_TO_U0 U1_TO_M M_TO_U1 ...`). With `fifos` (CMS's `fifo_io`) copy `i`
/// gets the same pair the other way round as its arguments (`PROGRAM M_TO_Ui Ui_TO_M`) and
/// opens them itself; else (`std_io`) `M_TO_Ui` is its stdin and `Ui_TO_M` its stdout, opened
/// by its supervisor in that order. Either way only the positions count: a manager may use
/// its first FIFO for either direction as long as the program's side agrees (CMS's own
/// test task writes to its first). With several copies, the index `i` is the last argument.
/// The FIFOs join the two sides directly, with no relay: managers speak binary as often as
/// text, so no transcript is kept.
///
/// No open can hang the judge: each side opens by path in its own process, killable at its
/// limits; a `std_io` copy's supervisor waits for the manager's ends at most until the
/// copy's wall backstop, and a copy whose ends the manager never opened is the manager's
/// failure; once every copy has ended, an open still waiting in the manager is let go
/// (see [`release_while`]).
///
/// The verdict, as CMS gives it: a copy that went over a limit or crashed has that verdict
/// (TLE, MLE, RE), except that one killed by `SIGPIPE` after a manager that did not give
/// full score has the manager's verdict (the manager hung up on it); otherwise the manager's
/// score in CMS's protocol (1 AC, 0 WA, between them partial points). A manager that fails
/// is a setup error. Each copy has the whole time and memory limit (CMS's own rule); the
/// case's time is the slowest copy's.
fn communicate(
    case: &Case,
    t: &Side<'_>,
    manager: &Interactor,
    processes: usize,
    fifos: bool,
) -> Result<Outcome, String> {
    let base = t.out_dir.join(&case.name);
    let pipes = fifo_folder(&base)?;
    let pair = |i| {
        (
            pipes.join(format!("u{i}-to-m")),
            pipes.join(format!("m-to-u{i}")),
        )
    };
    let pairs: Vec<(PathBuf, PathBuf)> = (0..processes).map(pair).collect();
    for (up, down) in &pairs {
        mkfifo(up)?;
        mkfifo(down)?;
    }
    let (m_out, m_err) = (
        sibling(&base, "manager.stdout"),
        sibling(&base, "manager.stderr"),
    );
    // The manager's working folder, with the input as `input.txt`; and, under `fifo_io`,
    // where the copies' stdout goes (unread, as CMS leaves it).
    let scratch = Private::new()?;
    let work = scratch.join("manager");
    fs::create_dir(&work).map_err(|e| format!("{}: {e}", work.display()))?;
    let input = work.join("input.txt");
    fs::copy(&case.input, &input).map_err(|e| format!("{}: {e}", input.display()))?;
    let copies = Copies {
        pairs: &pairs,
        fifos,
        base: &base,
        scratch: &scratch,
    };
    let (m_run, runs) = run_copies(case, t, manager, &copies, [&m_out, &m_err], &work);
    let _ = fs::remove_dir_all(&pipes);
    let runs = runs
        .into_iter()
        .enumerate()
        .map(|(i, r)| r.map_err(|e| copy_failed(e, manager, i, &pairs)))
        .collect::<Result<Vec<Run>, String>>()?;
    let m_run = m_run.map_err(|e| format!("manager: {e}"))?;
    case.intact()?;
    let text = |p: &Path| external::lines_of(&read_capped(p, 16 * 1024));
    let (out, err) = (text(&m_out), text(&m_err));
    let (score, message) = external::cms_answer(&m_run, &out, &err).map_err(|how| {
        let said = match err.as_str() {
            "" => String::new(),
            e => format!(": {}", printable(e.as_bytes())),
        };
        format!("the {} {how}{said}", manager.describe())
    })?;
    let (verdict, lines) = match copies_verdict(&runs, &t.limits, score, &base)? {
        Some(bad) => bad,
        None => {
            let v = external::cms_verdict(score);
            let said = match v {
                Verdict::Ac => vec![],
                Verdict::Pts => vec![format!("manager: score {score}: {message}")],
                _ => vec![format!("manager: {message}")],
            };
            (
                v,
                said.iter()
                    .map(|s| detail(&printable(s.as_bytes())))
                    .collect(),
            )
        }
    };
    if verdict == Verdict::Ac {
        for f in [&m_out, &m_err] {
            let _ = fs::remove_file(f);
        }
        for i in 0..processes {
            let _ = fs::remove_file(copy_stderr(&base, processes, i));
        }
    }
    let slowest = runs
        .iter()
        .max_by_key(|r| r.cpu_ms)
        .expect("at least one process");
    let mut outcome = Outcome::of_run(verdict, slowest, lines);
    outcome.score = Some(if matches!(verdict, Verdict::Ac | Verdict::Pts) {
        score
    } else {
        0.0
    });
    Ok(outcome)
}

/// Why copy `i` could not be run, in words: a `std_io` copy whose FIFO the manager never
/// opened is the manager's failure, named with the FIFO and the order that would have
/// worked.
fn copy_failed(
    e: RunError,
    manager: &Interactor,
    i: usize,
    pairs: &[(PathBuf, PathBuf)],
) -> String {
    let RunError::Unpaired { fifo, waited_ms } = e else {
        return e.to_string();
    };
    let name = fifo
        .file_name()
        .map_or(String::new(), |n| n.to_string_lossy().into_owned());
    let end = if pairs.get(i).is_some_and(|(up, _)| *up == fifo) {
        "stdout"
    } else {
        "stdin"
    };
    format!(
        "the {} did not open its end of the FIFO {name} (process {i}'s {end}) in {waited_ms} ms \
         (with CMS's std_io a process opens its stdin, the manager's second FIFO, before its \
         stdout, the first: a manager that opens its first FIFO first waits for good)",
        manager.describe()
    )
}

/// The stderr file of copy `i` of `processes`.
fn copy_stderr(base: &Path, processes: usize, i: usize) -> PathBuf {
    match processes {
        1 => sibling(base, "stderr"),
        _ => sibling(base, &format!("{i}.stderr")),
    }
}

/// How the copies of a Communication case run: a pair of FIFOs each (to the manager, from
/// it), passed as arguments (`fifos`) or as stdout and stdin; their stderr beside `base`, and
/// under `fifo_io` their stdout in `scratch`.
struct Copies<'a> {
    pairs: &'a [(PathBuf, PathBuf)],
    fifos: bool,
    base: &'a Path,
    scratch: &'a Private,
}

impl Copies<'_> {
    /// Copy `i`'s run.
    fn run(&self, case: &Case, t: &Side<'_>, i: usize) -> Result<Run, RunError> {
        let (up, down) = &self.pairs[i];
        let processes = self.pairs.len();
        let stderr = copy_stderr(self.base, processes, i);
        let mut args = Vec::new();
        if self.fifos {
            args.extend([absolute(down), absolute(up)]);
        }
        args.extend(case.args.iter().cloned());
        if processes > 1 {
            args.push(i.to_string());
        }
        let spec = if self.fifos {
            let stdout = self.scratch.join(&format!("stdout{i}"));
            Spec::of(t.program, &stdout, &stderr, t.limits)
                .args(&args)
                .run()
        } else {
            Spec::of(t.program, up, &stderr, t.limits)
                .args(&args)
                .stdin(Some(down))
                .run()
        };
        spec
    }
}

/// The manager (its stdout and stderr to `m_out`, `m_err`, its working folder `work`) and a
/// copy of the program for each pair of FIFOs, side by side: the manager's run and each
/// copy's.
fn run_copies(
    case: &Case,
    t: &Side<'_>,
    manager: &Interactor,
    copies: &Copies<'_>,
    [m_out, m_err]: [&Path; 2],
    work: &Path,
) -> (Ran, Vec<Result<Run, RunError>>) {
    let pairs = copies.pairs;
    let fifos: Vec<&PathBuf> = pairs.iter().flat_map(|(u, d)| [u, d]).collect();
    let m_args: Vec<String> = pairs
        .iter()
        .flat_map(|(u, d)| [absolute(u), absolute(d)])
        .collect();
    let m_limits = interactor_limits(&t.limits);
    thread::scope(|s| {
        let m = s.spawn(|| {
            let r = run_program_in(
                &manager.program,
                &m_args,
                Some(&case.input),
                m_out,
                m_err,
                m_limits,
                Some(work),
            );
            // Opens still waiting for a side that has gone are released (see `release`).
            release(&fifos);
            crate::run::sandbox::release();
            r
        });
        let users: Vec<_> = (0..pairs.len())
            .map(|i| {
                let fifos = &fifos;
                s.spawn(move || {
                    let r = copies.run(case, t, i);
                    release(fifos);
                    crate::run::sandbox::release();
                    r
                })
            })
            .collect();
        let runs: Vec<Result<Run, RunError>> = users
            .into_iter()
            .map(|u| {
                u.join().unwrap_or_else(|_| {
                    Err(RunError::Judge("the program's runner panicked".into()))
                })
            })
            .collect();
        // Every copy has ended: an open the manager makes from now on is let go at once.
        release_while(&fifos, || !m.is_finished());
        let m_run = m
            .join()
            .unwrap_or_else(|_| Err("the manager's runner panicked".into()));
        (m_run, runs)
    })
}

/// The verdict of the first copy that went over a limit or crashed (one that the manager
/// hung up on aside: `SIGPIPE` under a score below 1), with a line for each such copy;
/// `None` when every copy ended well.
fn copies_verdict(
    runs: &[Run],
    limits: &Limits,
    score: f64,
    base: &Path,
) -> Result<Option<(Verdict, Vec<String>)>, String> {
    let mut lines = Vec::new();
    let mut verdict = None;
    for (i, run) in runs.iter().enumerate() {
        let hung_up = run.status == Status::Signal(libc::SIGPIPE) && score < 1.0;
        if let Some((v, why)) = verdict::of_interactive_run(run, limits)? {
            if hung_up {
                continue;
            }
            let who = match runs.len() {
                1 => String::new(),
                _ => format!("process {i}: "),
            };
            lines.push(detail(&format!("{who}{why}")));
            if v == Verdict::Re {
                let stderr = copy_stderr(base, runs.len(), i);
                lines.extend(verdict::stderr_line(&read_ends(&stderr, 8192)));
            }
            verdict.get_or_insert(v);
        }
    }
    Ok(verdict.map(|v| (v, lines)))
}
