//! Interactive problems: the program and an interactor run side by side, each under its own
//! supervisor and limits, the program's stdout feeding the interactor's stdin and the other
//! way round, with the judge relaying (and recording) the exchange in between.
//!
//! Two conventions: testlib's (`--interactor CMD`: `CMD INPUT OUTPUT [ANSWER]`, exit codes as
//! a checker's; `--checker-cmd` then judges the OUTPUT file it wrote) and Kattis' (an
//! interactive package's output validator: `VALIDATOR INPUT ANSWER FEEDBACK_DIR/ < program's
//! output > program's input`, 42 accepted, 43 wrong answer).
//!
//! The plumbing is four FIFOs in the case's scratch folder, which the supervisor opens by
//! path like any stdin and stdout, passing a FIFO through live instead of capturing it
//! (`run::supervise`): the program reads `to-program` and writes
//! `from-program`, the interactor reads `to-interactor` and writes `from-interactor`, and two
//! relay threads copy `from-program` to `to-interactor` and `from-interactor` to
//! `to-program`, appending what passes to the transcript (`>` the program's lines, `<` the
//! interactor's, as in Kattis' `.interaction` files; at most [`TRANSCRIPT_CAP`] bytes). Each
//! supervisor opens its stdin before its stdout, so each relay opens its write end first: no
//! cycle of blocking opens.
//!
//! The verdict, by a rule that never depends on timing (docs/judge.md, "Interactive
//! problems"): the side whose end the judge sees first is recorded by the relays themselves,
//! before they pass that end on to the other side, so the other side's reaction (EOF,
//! `SIGPIPE`) always comes after it. If the interactor ended first and rejected, WA, whatever
//! the program did next; otherwise a program that ended badly (a limit, a crash) has that
//! verdict; otherwise the interactor's. As in problemtools, what the interactor writes after
//! the program has gone is read and dropped (it never dies of `SIGPIPE` for a program that
//! left early: it reads EOF and decides), and the program loses its output pipe only once the
//! interactor has ended without accepting (so a program still writing as an accepting
//! interactor exits is not killed by `SIGPIPE` either). A program that waits for an answer
//! without flushing its question uses no CPU, and the wall-clock backstop ends it: TLE.

use std::fs::{self, File, OpenOptions};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Condvar, Mutex};
use std::thread;

use crate::judge::cases::Case;
use crate::judge::check::{external, Check, Detail, Files, Protocol};
use crate::judge::verdict::{self, Outcome, Verdict};
use crate::run::files::{read_capped, read_tail, sibling};
use crate::run::program::Program;
use crate::run::sandbox::run_program;
use crate::run::sandbox::{Limits, Run};
use crate::run::sys::Status;
use crate::text::{detail, printable};

/// The most of the exchange a failing case keeps (`CASE.interaction`).
pub const TRANSCRIPT_CAP: usize = 64 * 1024;

#[derive(Clone, Debug)]
pub struct Interactor {
    pub program: Program,
    pub protocol: Protocol,
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
            Protocol::Testlib => format!("interactor {}", self.program.describe()),
            Protocol::Kattis { .. } => {
                format!("interactive validator {} (42/43)", self.program.describe())
            }
            Protocol::CmsManager { processes: 1 } => {
                format!("CMS manager {}", self.program.describe())
            }
            Protocol::CmsManager { processes } => format!(
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
/// program's backstop by five seconds, so that the program's own ending is seen first.
fn interactor_limits(program: &Limits) -> Limits {
    let c = external::LIMITS;
    Limits {
        // The backstop is twice the CPU limit plus a second.
        time_ms: c
            .time_ms
            .max((program.wall_backstop_ms() + 4_000).div_ceil(2)),
        ..c
    }
}

/// The exchange so far, both directions, capped.
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
fn release(fifos: &[&PathBuf]) {
    for f in fifos {
        let _ = OpenOptions::new().read(true).write(true).open(f);
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
    if let Protocol::CmsManager { processes } = interactor.protocol {
        return communicate(case, t, interactor, processes);
    }
    let base = t.out_dir.join(&case.name);
    let scratch = sibling(&base, "pipes");
    let _ = fs::remove_dir_all(&scratch);
    fs::create_dir_all(&scratch).map_err(|e| format!("{}: {e}", scratch.display()))?;
    let [to_program, from_program, to_interactor, from_interactor] = [
        "to-program",
        "from-program",
        "to-interactor",
        "from-interactor",
    ]
    .map(|n| scratch.join(n));
    for f in [&to_program, &from_program, &to_interactor, &from_interactor] {
        mkfifo(f)?;
    }
    let stderr = sibling(&base, "stderr");
    let got = sibling(&base, "got");
    let i_err = sibling(&base, "interactor.stderr");
    let answer = case
        .answer()
        .map(Path::to_path_buf)
        .unwrap_or_else(|| "/dev/null".into());
    let feedback = sibling(&base, "feedback");
    let _ = fs::remove_dir_all(&feedback);
    let abs = |p: &Path| {
        std::path::absolute(p)
            .unwrap_or(p.to_path_buf())
            .display()
            .to_string()
    };
    let i_args: Vec<String> = match &interactor.protocol {
        Protocol::Testlib => vec![abs(&case.input), abs(&got), abs(&answer)],
        Protocol::Cms | Protocol::CmsManager { .. } => unreachable!("judged by communicate"),
        Protocol::Kattis { flags } => {
            fs::create_dir_all(&feedback).map_err(|e| format!("{}: {e}", feedback.display()))?;
            let mut v = vec![
                abs(&case.input),
                abs(&answer),
                format!("{}/", abs(&feedback)),
            ];
            v.extend(flags.iter().chain(&case.checker_args).cloned());
            v
        }
    };
    if matches!(interactor.protocol, Protocol::Kattis { .. }) {
        // The program's own stdout is not a file here; `got` keeps its side of the exchange.
        let _ = fs::remove_file(&got);
    }
    let i_limits = interactor_limits(&t.limits);
    let log = Mutex::new(Transcript {
        text: Vec::new(),
        dropped: 0,
    });
    let fifos = [&to_program, &from_program, &to_interactor, &from_interactor];
    let watch = Watch::default();
    let (p_run, i_run) = thread::scope(|s| {
        // When one side ends (or never starts), opens still waiting for it are released, so
        // that the other side and the relays cannot wait forever.
        let p = s.spawn(|| {
            let r = run_program(
                t.program,
                &case.args,
                Some(&to_program),
                &from_program,
                &stderr,
                t.limits,
            );
            release(&fifos);
            // Its supervisor ends with the thread, before the scope does.
            crate::run::sandbox::release();
            r
        });
        let i = s.spawn(|| {
            // Told however the run ends (a panic too): a relay may be waiting to hear it.
            let mut told = Told(&watch, false);
            let r = run_program(
                &interactor.program,
                &i_args,
                Some(&to_interactor),
                &from_interactor,
                &i_err,
                i_limits,
            );
            told.1 = r.as_ref().is_ok_and(|run| interactor.accepts(run));
            drop(told);
            release(&fifos);
            // Its supervisor ends with the thread, before the scope does.
            crate::run::sandbox::release();
            r
        });
        let a = s.spawn(|| {
            relay(
                &from_program,
                &to_interactor,
                End::Program,
                "> ",
                &log,
                &watch,
            )
        });
        let b = s.spawn(|| {
            relay(
                &from_interactor,
                &to_program,
                End::Interactor,
                "< ",
                &log,
                &watch,
            )
        });
        let p_run = p
            .join()
            .unwrap_or_else(|_| Err("the program's runner panicked".into()));
        let i_run = i
            .join()
            .unwrap_or_else(|_| Err("the interactor's runner panicked".into()));
        let _ = a.join();
        let _ = b.join();
        (p_run, i_run)
    });
    let _ = fs::remove_dir_all(&scratch);
    let p_run = p_run?;
    let i_run = i_run.map_err(|e| format!("interactor: {e}"))?;
    case.intact()?;
    let transcript = log.into_inner().unwrap_or_else(|e| e.into_inner());

    let (said, score) = interactor_said(interactor, &i_run, &i_err, &feedback)?;
    let program_bad = verdict::of_run(&p_run, &t.limits, 0)?;
    let interactor_first = watch.first() == Some(End::Interactor);
    let mut lines = Vec::new();
    let mut verdict = match (&said, &program_bad) {
        (Said::Reject(v, why), _) if interactor_first || program_bad.is_none() => {
            lines.push(detail(&format!(
                "interactor: {}",
                printable(why.as_bytes())
            )));
            *v
        }
        (_, Some((v, why))) => {
            lines.push(detail(why));
            if *v == Verdict::Re {
                lines.extend(verdict::stderr_line(&read_tail(&stderr, 16 * 1024)));
            }
            if let Said::Reject(_, m) = &said {
                lines.push(detail(&format!("interactor: {}", printable(m.as_bytes()))));
            }
            *v
        }
        (Said::Reject(v, why), None) => {
            lines.push(detail(&format!(
                "interactor: {}",
                printable(why.as_bytes())
            )));
            *v
        }
        (Said::Accept, None) => Verdict::Ac,
    };
    // testlib: the checker, if any, judges what the interactor wrote.
    let mut checked_score = None;
    let testlib = interactor.protocol == Protocol::Testlib;
    if verdict == Verdict::Ac && testlib && t.check.external().is_some() {
        let (v, more, s) = check_output(t.check, case, &got, &answer, &base)?;
        verdict = v;
        lines.extend(more);
        checked_score = s;
    }
    if verdict == Verdict::Ac {
        let _ = fs::remove_file(&got);
        let _ = fs::remove_file(&stderr);
        let _ = fs::remove_file(&i_err);
        let _ = fs::remove_dir_all(&feedback);
    } else {
        let path = sibling(&base, "interaction");
        let mut text = transcript.text;
        if transcript.dropped > 0 {
            text.extend(format!("[judge: {} more bytes not kept]\n", transcript.dropped).bytes());
        }
        fs::write(&path, &text).map_err(|e| format!("{}: {e}", path.display()))?;
        lines.push(detail(&format!(
            "the exchange (> program, < interactor): {}",
            crate::text::short(&path.display().to_string())
        )));
        for l in String::from_utf8_lossy(&text)
            .lines()
            .rev()
            .take(4)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
        {
            lines.push(detail(&format!("  {}", printable(l.as_bytes()))));
        }
    }
    let mut outcome = Outcome::of_run(verdict, &p_run, lines);
    outcome.score = score.or(checked_score);
    // The interactor runs alongside the program, so its wall time is the exchange's: what
    // it cost is its CPU time.
    outcome.checker_ms = Some(i_run.cpu_ms);
    Ok(outcome)
}

/// What the interactor said.
enum Said {
    Accept,
    /// A rejection (WA, PE, PTS) and its message.
    Reject(Verdict, String),
}

fn interactor_said(
    interactor: &Interactor,
    run: &Run,
    err: &Path,
    feedback: &Path,
) -> Result<(Said, Option<f64>), String> {
    let mut text = read_capped(&feedback.join("judgemessage.txt"), 16 * 1024);
    if text.iter().all(u8::is_ascii_whitespace) {
        text = read_capped(err, 16 * 1024);
    }
    text.truncate(16 * 1024);
    let message = String::from_utf8_lossy(&text)
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join("; ");
    let failed = |how: String| {
        Err(format!(
            "the {} {how}{}",
            interactor.describe(),
            if message.is_empty() {
                String::new()
            } else {
                format!(": {message}")
            }
        ))
    };
    if let Some(k) = run.killed {
        return failed(format!("was killed ({} limit)", k.name()));
    }
    let or = |d: &str| {
        if message.is_empty() {
            d.to_string()
        } else {
            message.clone()
        }
    };
    match (&interactor.protocol, run.status) {
        (Protocol::Kattis { .. }, Status::Code(42)) => {
            Ok((Said::Accept, external::read_score(feedback)?))
        }
        (Protocol::Kattis { .. }, Status::Code(43)) => {
            Ok((Said::Reject(Verdict::Wa, or("rejected")), None))
        }
        (Protocol::Testlib, Status::Code(0)) => Ok((Said::Accept, None)),
        (Protocol::Testlib, Status::Code(1)) => {
            Ok((Said::Reject(Verdict::Wa, or("wrong answer")), None))
        }
        (Protocol::Testlib, Status::Code(2)) => {
            Ok((Said::Reject(Verdict::Pe, or("presentation error")), None))
        }
        (Protocol::Testlib, Status::Code(7)) => {
            Ok((Said::Reject(Verdict::Pts, or("points")), None))
        }
        (Protocol::Kattis { .. }, Status::Code(c)) => failed(format!(
            "ended with exit code {c} (Kattis' codes: 42 accepted, 43 wrong answer)"
        )),
        (Protocol::Testlib, Status::Code(c)) => failed(format!(
            "ended with exit code {c} (testlib's codes: 0 AC, 1 WA, 2 PE, 3 failure, 7 points)"
        )),
        (_, Status::Signal(s)) => {
            failed(format!("was killed by {}", crate::run::sys::signal_name(s)))
        }
        (Protocol::Cms | Protocol::CmsManager { .. }, _) => unreachable!("judged by communicate"),
    }
}

/// The checker on the interactor's OUTPUT file.
fn check_output(
    check: &Check,
    case: &Case,
    output: &Path,
    answer: &Path,
    base: &Path,
) -> Result<(Verdict, Vec<String>, Option<f64>), String> {
    let keep = sibling(base, "checker");
    let files = Files {
        input: &case.input,
        output,
        answer,
        scratch: base,
        keep: &keep,
    };
    let judgement = check.judge(&files, &case.checker_args)?;
    Ok(match judgement.detail {
        Some(Detail::Message { said, .. }) => {
            let line = detail(&format!("checker: {}", printable(said.as_bytes())));
            (judgement.verdict, vec![line], None)
        }
        _ => (judgement.verdict, vec![], judgement.score),
    })
}

/// Judges `case` as CMS's Communication task type does: the manager reads the input on its
/// stdin and gets, for each of the `processes` copies of the program, the FIFO it reads from
/// and the one it writes to (`MANAGER U0_TO_M M_TO_U0 U1_TO_M M_TO_U1 ...`); copy `i` has
/// `M_TO_Ui` as its stdin and `Ui_TO_M` as its stdout, and, when there are several, its index
/// `i` as its last argument (CMS's "stub" with "std_io"). The FIFOs join the two sides
/// directly, with no relay: managers speak binary as often as text, so no transcript is kept.
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
) -> Result<Outcome, String> {
    let base = t.out_dir.join(&case.name);
    let scratch = sibling(&base, "pipes");
    let _ = fs::remove_dir_all(&scratch);
    fs::create_dir_all(&scratch).map_err(|e| format!("{}: {e}", scratch.display()))?;
    let abs = |p: &Path| {
        std::path::absolute(p)
            .unwrap_or(p.to_path_buf())
            .display()
            .to_string()
    };
    let mut pairs = Vec::new();
    for i in 0..processes {
        let (up, down) = (
            scratch.join(format!("u{i}-to-m")),
            scratch.join(format!("m-to-u{i}")),
        );
        mkfifo(&up)?;
        mkfifo(&down)?;
        pairs.push((up, down));
    }
    let fifos: Vec<&PathBuf> = pairs.iter().flat_map(|(u, d)| [u, d]).collect();
    let m_args: Vec<String> = pairs.iter().flat_map(|(u, d)| [abs(u), abs(d)]).collect();
    let (m_out, m_err) = (
        sibling(&base, "manager.stdout"),
        sibling(&base, "manager.stderr"),
    );
    let stderr_of = |i: usize| match processes {
        1 => sibling(&base, "stderr"),
        _ => sibling(&base, &format!("{i}.stderr")),
    };
    let m_limits = interactor_limits(&t.limits);
    let (m_run, runs) = thread::scope(|s| {
        let m = s.spawn(|| {
            let r = run_program(
                &manager.program,
                &m_args,
                Some(&case.input),
                &m_out,
                &m_err,
                m_limits,
            );
            // Opens still waiting for a side that has gone are released (see `release`).
            release(&fifos);
            crate::run::sandbox::release();
            r
        });
        let users: Vec<_> = pairs
            .iter()
            .enumerate()
            .map(|(i, (up, down))| {
                let (fifos, stderr) = (&fifos, stderr_of(i));
                s.spawn(move || {
                    let mut args = case.args.clone();
                    if processes > 1 {
                        args.push(i.to_string());
                    }
                    let r = run_program(t.program, &args, Some(down), up, &stderr, t.limits);
                    release(fifos);
                    crate::run::sandbox::release();
                    r
                })
            })
            .collect();
        let runs: Vec<Result<Run, String>> = users
            .into_iter()
            .map(|u| {
                u.join()
                    .unwrap_or_else(|_| Err("the program's runner panicked".into()))
            })
            .collect();
        let m_run = m
            .join()
            .unwrap_or_else(|_| Err("the manager's runner panicked".into()));
        (m_run, runs)
    });
    let _ = fs::remove_dir_all(&scratch);
    let runs = runs.into_iter().collect::<Result<Vec<Run>, String>>()?;
    let m_run = m_run.map_err(|e| format!("manager: {e}"))?;
    case.intact()?;
    let text = |p: &Path| {
        String::from_utf8_lossy(&read_capped(p, 16 * 1024))
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect::<Vec<_>>()
            .join("\n")
    };
    let (out, err) = (text(&m_out), text(&m_err));
    let (score, message) = external::cms_answer(&m_run, &out, &err).map_err(|how| {
        format!(
            "the {} {how}{}",
            manager.describe(),
            if err.is_empty() {
                String::new()
            } else {
                format!(": {}", printable(err.as_bytes()))
            }
        )
    })?;
    let mut lines = Vec::new();
    let mut verdict = None;
    for (i, run) in runs.iter().enumerate() {
        let hung_up = run.status == Status::Signal(libc::SIGPIPE) && score < 1.0;
        if let Some((v, why)) = verdict::of_run(run, &t.limits, 0)? {
            if hung_up {
                continue;
            }
            let who = match processes {
                1 => String::new(),
                _ => format!("process {i}: "),
            };
            lines.push(detail(&format!("{who}{why}")));
            if v == Verdict::Re {
                lines.extend(verdict::stderr_line(&read_tail(&stderr_of(i), 16 * 1024)));
            }
            verdict.get_or_insert(v);
        }
    }
    let verdict = match verdict {
        Some(v) => v,
        None => {
            let v = external::cms_verdict(score);
            if v != Verdict::Ac {
                let said = match v {
                    Verdict::Pts => format!("manager: score {score}: {message}"),
                    _ => format!("manager: {message}"),
                };
                lines.push(detail(&printable(said.as_bytes())));
            }
            v
        }
    };
    if verdict == Verdict::Ac {
        for f in [&m_out, &m_err] {
            let _ = fs::remove_file(f);
        }
        for i in 0..processes {
            let _ = fs::remove_file(stderr_of(i));
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
