//! What the panel's page shows, and the judging that fills it. [`Board`] holds the shown
//! state ([`Shown`]: the rows of cases, the compile error, the trash, the stress run) and
//! the open event streams ([`Streams`]); every change is sent to each stream as one
//! Server-Sent Event (`state`, the whole board, when the list changes; `row`, one case, as
//! it is judged).
//!
//! One worker thread runs the [`Job`]s in turn, so runs never overlap (two rounds would
//! write the same kept files); rounds asked for while one runs are merged into one. A
//! round builds the source (a compile error is shown in place of verdicts), reads the
//! tests folder again (cases added or removed show at once) and judges each case as `test`
//! does (`session::grade`, `-j N` through `session::pool`). A watch thread asks for a round
//! whenever a watched file changes (`session::watch`). Cost: the rows are a few hundred
//! bytes a case; a case opened reads its files, each up to [`SHOWN_BYTES`].

use std::collections::{HashMap, VecDeque};
use std::fs;
use std::io::Write;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::{mpsc, Arc, Mutex, MutexGuard};

use serde::Serialize;
use serde_json::{json, Value};

use crate::args::Options;
use crate::judge::cases::{self, Case, Expect};
use crate::judge::check::lines;
use crate::judge::problem::Problem;
use crate::judge::verdict::{self, Verdict};
use crate::run::files::{read_capped, Private};
use crate::session::grade::{self, Target};
use crate::session::source::{self, CompileError};
use crate::session::{pool, target, watch, SetupError};

use super::streams::Streams;

/// The most of a file a case opened shows; the page says when a file was cut.
pub const SHOWN_BYTES: u64 = 256 << 10;

/// What the worker is asked to do.
pub enum Job {
    /// Judge every case.
    All,
    /// Judge one case.
    One(String),
    /// Run the source on an input; the result goes back on the channel.
    Custom(Vec<u8>, mpsc::Sender<Value>),
    /// Stress the source against a brute force on a generator's inputs.
    Stress(super::store::StressAsk),
}

/// The board as the page shows it (sent whole as the `state` event).
#[derive(Clone, Debug, Default, Serialize)]
pub struct Shown {
    pub problem: String,
    pub source: String,
    pub limits: String,
    /// Rounds judged so far.
    pub round: u64,
    /// What runs now (`all cases`, a case's name, `stress`), if anything.
    pub busy: Option<String>,
    pub compile: Option<Compile>,
    /// A setup error of the last round (a checker that cannot run, a bad info.toml).
    pub error: Option<String>,
    pub rows: Vec<Row>,
    /// Deleted cases that can be restored.
    pub trash: Vec<String>,
    /// Whether cases can be added, edited and deleted here (a folder of NAME.in files).
    pub editable: bool,
    pub stress: Option<super::store::StressShown>,
}

/// One case in the list.
#[derive(Clone, Debug, Serialize)]
pub struct Row {
    pub name: String,
    /// `None`: not judged yet.
    pub verdict: Option<&'static str>,
    pub cpu_ms: u64,
    pub wall_ms: u64,
    pub peak_kib: u64,
    /// The verdict's detail lines, as the terminal shows them.
    pub detail: Vec<String>,
    /// The first differing line of a wrong answer (the one the terminal's diff starts at).
    pub diff_line: Option<u64>,
    /// Judged in an earlier round: the source or the case changed since.
    pub stale: bool,
}

/// A compile error as the page shows it: the compiler's lines, the source line it names
/// and the source around it.
#[derive(Clone, Debug, Serialize)]
pub struct Compile {
    pub source: String,
    pub command: String,
    pub lines: Vec<String>,
    /// The first line of the source the compiler names (from 1).
    pub line: Option<u64>,
    /// Lines of the source around `line`, each with its number.
    pub excerpt: Vec<(u64, String)>,
}

/// The panel's state and its event streams; shared by the HTTP threads and the worker.
pub struct Board {
    pub options: Options,
    /// The folder of the cases shown.
    pub tests: PathBuf,
    /// One of our problems, by name, when the cases are its (`panel a.py robot-maze`).
    pub ours: Option<String>,
    /// Where failing cases' files are kept (`CASE.got`, `CASE.stderr`, pictures).
    pub out_dir: PathBuf,
    shown: Mutex<Shown>,
    /// The files of each case as the folder has them: input, expected answer.
    origins: Mutex<HashMap<String, (PathBuf, Option<PathBuf>)>>,
    streams: Streams,
    jobs: Mutex<mpsc::Sender<Job>>,
}

impl Board {
    /// The board of `tests`, its first round asked for, its worker and watch started.
    pub fn start(
        o: Options,
        tests: Option<PathBuf>,
        ours: Option<String>,
    ) -> Result<Arc<Board>, SetupError> {
        let p = match &ours {
            Some(name) => Problem::open(&o.dirs().problems, name)?,
            None => Problem::from_tests_dir(tests.as_deref().unwrap_or(Path::new(".")))?,
        };
        let tests = tests.unwrap_or_else(|| p.tests_dir());
        let out_dir = o.dirs().out.join("panel").join(p.kept_name(false));
        let (tx, rx) = mpsc::channel();
        let shown = Shown {
            problem: p.name.clone(),
            source: o.run.cmd.clone().unwrap_or_default(),
            limits: crate::show::report::limits_text(&target::limits(&p, &o)),
            editable: super::store::editable(&p),
            trash: super::store::trashed(&tests),
            ..Shown::default()
        };
        let board = Arc::new(Board {
            options: o,
            tests,
            ours,
            out_dir,
            shown: Mutex::new(shown),
            origins: Mutex::new(HashMap::new()),
            streams: Streams::default(),
            jobs: Mutex::new(tx),
        });
        board.ask(Job::All);
        let worker = Arc::clone(&board);
        std::thread::spawn(move || worker.work(rx));
        let watcher = Arc::clone(&board);
        std::thread::spawn(move || watcher.watch());
        Ok(board)
    }

    /// Queues a job for the worker.
    pub fn ask(&self, job: Job) {
        let _ = lock(&self.jobs).send(job);
    }

    pub fn shown(&self) -> Shown {
        lock(&self.shown).clone()
    }

    /// Changes the shown state and sends it whole to every page.
    pub fn change(&self, f: impl FnOnce(&mut Shown)) {
        let state = {
            let mut shown = lock(&self.shown);
            f(&mut shown);
            serde_json::to_string(&*shown).unwrap_or_default()
        };
        self.send("state", &state);
    }

    /// Changes the stress run's part alone and sends it as the `stress` event: a run's
    /// progress, seed by seed, without the whole board each time.
    pub fn change_stress(&self, f: impl FnOnce(&mut super::store::StressShown)) {
        let data = {
            let mut shown = lock(&self.shown);
            let stress = shown.stress.get_or_insert_with(Default::default);
            f(stress);
            serde_json::to_string(&*stress).unwrap_or_default()
        };
        self.send("stress", &data);
    }

    /// Sends one event to every open stream (see [`Streams`]: none can stall the sender).
    pub fn send(&self, event: &str, data: &str) {
        self.streams.send(&frame(event, data));
    }

    /// A place for a new page's stream, or `None` when too many are open (see [`Streams`]).
    pub fn stream_slot(&self) -> Option<super::streams::Slot> {
        self.streams.slot()
    }

    /// A new page's stream, in `slot`: the whole board first, then every change.
    pub fn subscribe(&self, slot: super::streams::Slot, stream: Box<dyn Write + Send>) {
        self.streams.open(slot, stream, || {
            let state = serde_json::to_string(&self.shown()).unwrap_or_default();
            format!("retry: 1000\n\n{}", frame("state", &state))
        });
    }

    /// A case's files where the page reads them: input, expected answer.
    pub fn origin(&self, name: &str) -> Option<(PathBuf, Option<PathBuf>)> {
        lock(&self.origins).get(name).cloned()
    }

    /// The problem as its files say now.
    pub fn problem(&self) -> Result<Problem, SetupError> {
        Ok(match &self.ours {
            Some(name) => Problem::open(&self.options.dirs().problems, name)?,
            None => Problem::from_tests_dir(&self.tests)?,
        })
    }

    /// Rounds on every change of a watched file, until the process ends.
    fn watch(&self) {
        // Our problem's cases are watched as a tests folder's are.
        let mut o = self.options.clone();
        o.run.tests = vec![self.tests.clone()];
        loop {
            let files = watch::watched(&o);
            let before = watch::stamps(&files);
            watch::changed(&o, &files, &before);
            self.ask(Job::All);
        }
    }

    /// The worker: each job in turn; rounds waiting together become one.
    fn work(&self, rx: mpsc::Receiver<Job>) {
        let mut queue = VecDeque::new();
        while let Ok(job) = rx.recv() {
            queue.push_back(job);
            queue.extend(rx.try_iter());
            while let Some(job) = queue.pop_front() {
                if matches!(job, Job::All) {
                    queue.retain(|j| !matches!(j, Job::All | Job::One(_)));
                }
                // A job that panics (a defect of ours) ends with the board saying so, not
                // with the worker: the page would otherwise wait for good, its rounds
                // never run again.
                let done = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| match job {
                    Job::All => self.round(None),
                    Job::One(name) => self.round(Some(&name)),
                    Job::Custom(input, reply) => {
                        let _ = reply.send(self.custom(&input));
                    }
                    Job::Stress(ask) => super::store::stress(self, &ask),
                }));
                if done.is_err() {
                    self.change(|s| {
                        s.busy = None;
                        s.error = Some(
                            "a defect of the panel stopped this round (its stderr says \
                             where): run again"
                                .into(),
                        );
                    });
                }
                // Runs on this thread went through a supervisor of its own.
                crate::run::sandbox::release();
                queue.extend(rx.try_iter());
            }
        }
    }

    /// Builds the source and judges every case (`only`: that one).
    fn round(&self, only: Option<&str>) {
        let mut o = self.options.clone();
        self.change(|s| s.busy = Some(only.unwrap_or("all cases").to_string()));
        let built = source::resolve(&mut o);
        let result = match built {
            Ok(Some(ce)) => {
                let shown = compile_shown(&ce);
                self.change(|s| {
                    s.compile = Some(shown);
                    s.error = None;
                    s.rows.iter_mut().for_each(|r| r.stale = true);
                });
                Ok(())
            }
            Ok(None) => {
                self.change(|s| s.compile = None);
                self.judge(&o, only)
            }
            Err(e) => Err(e),
        };
        self.change(|s| {
            s.busy = None;
            s.round += 1;
            s.error = result.err().map(|e| e.to_string());
            s.trash = super::store::trashed(&self.tests);
        });
    }

    /// The folder's cases as they are now (refreshing the rows and their files), `only`'s
    /// alone when given.
    fn cases(&self, only: Option<&str>) -> Result<(Problem, Vec<Case>), SetupError> {
        let p = self.problem()?;
        // Inputs without an answer run and show their output (RAN), as `test` runs them.
        let mut found = cases::of_problem(&p, 0, true);
        // Invalid-input cases need our binaries' exact messages, and our `lenient-*` cases
        // go beyond the statement: a contestant's program owes them nothing (as in `test`).
        found.retain(|c| !matches!(c.expect, Expect::Invalid { .. }));
        if p.is_ours() {
            found.retain(|c| !c.name.starts_with("lenient-"));
        }
        *lock(&self.origins) = found
            .iter()
            .map(|c| {
                (
                    c.name.clone(),
                    (c.input.clone(), c.answer().map(Path::to_path_buf)),
                )
            })
            .collect();
        let names: Vec<String> = found.iter().map(|c| c.name.clone()).collect();
        self.change(|s| {
            let mut old: HashMap<String, Row> =
                s.rows.drain(..).map(|r| (r.name.clone(), r)).collect();
            s.rows = names
                .iter()
                .map(|n| match old.remove(n) {
                    Some(mut r) => {
                        r.stale = only.is_none_or(|o| o == n) || r.stale;
                        r
                    }
                    None => Row::new(n),
                })
                .collect();
            s.editable = super::store::editable(&p);
        });
        if let Some(name) = only {
            found.retain(|c| c.name == name);
            if found.is_empty() {
                return Err(format!("no case {name} in {}", self.tests.display()).into());
            }
        }
        Ok((p, found))
    }

    /// Judges the cases of a round with the program `o` names (built).
    fn judge(&self, o: &Options, only: Option<&str>) -> Result<(), SetupError> {
        let (p, mut cases) = self.cases(only)?;
        match only {
            Some(name) => super::store::forget_kept(&self.out_dir, name),
            None => {
                let _ = fs::remove_dir_all(&self.out_dir);
            }
        }
        fs::create_dir_all(&self.out_dir)
            .map_err(|e| format!("{}: {e}", self.out_dir.display()))?;
        let _held = cases::hold(&mut cases)?;
        let t = self.target(&p, o)?;
        let mut error = None;
        pool::in_order(
            cases.len(),
            o.verdicts.jobs as usize,
            |_, i| grade::judge_case(&cases[i], &t),
            |i, judged| match judged {
                Ok(outcome) => {
                    let case = &cases[i];
                    let got = crate::run::files::sibling(&t.out_dir.join(&case.name), "got");
                    let diff_line = match (outcome.verdict, case.answer()) {
                        (Verdict::Wa, Some(answer)) => lines::first_difference(answer, &got)
                            .ok()
                            .flatten()
                            .map(|d| d.line),
                        _ => None,
                    };
                    let row = Row {
                        name: case.name.clone(),
                        verdict: Some(outcome.verdict.name()),
                        cpu_ms: outcome.cpu_ms,
                        wall_ms: outcome.wall_ms,
                        peak_kib: outcome.peak_kib,
                        detail: outcome
                            .detail
                            .iter()
                            .map(|l| l.trim_start().to_string())
                            .collect(),
                        diff_line,
                        stale: false,
                    };
                    self.put_row(row);
                    ControlFlow::Continue(())
                }
                Err(e) => {
                    error = Some(e);
                    ControlFlow::Break(())
                }
            },
            |_, _| {},
        );
        error.map_or(Ok(()), Err)
    }

    /// Replaces a row and sends it alone.
    fn put_row(&self, row: Row) {
        let data = serde_json::to_string(&row).unwrap_or_default();
        {
            let mut shown = lock(&self.shown);
            if let Some(r) = shown.rows.iter_mut().find(|r| r.name == row.name) {
                *r = row;
            }
        }
        self.send("row", &data);
    }

    /// What `p`'s cases are judged with, as `test` judges them (this panel's kept folder).
    pub fn target(&self, p: &Problem, o: &Options) -> Result<Target, SetupError> {
        let dirs = o.dirs();
        crate::session::judged::judged_with(p.clone(), o, &dirs, self.out_dir.clone())
            .map(|(_, t, _)| t)
    }

    /// Runs the source on `input`: its verdict by the limits (no answer to judge against),
    /// times, stdout and stderr.
    fn custom(&self, input: &[u8]) -> Value {
        match self.try_custom(input) {
            Ok(v) => v,
            Err(e) => json!({"error": e.to_string()}),
        }
    }

    fn try_custom(&self, input: &[u8]) -> Result<Value, SetupError> {
        let mut o = self.options.clone();
        if let Some(ce) = source::resolve(&mut o)? {
            return Ok(json!({"compile": compile_shown(&ce)}));
        }
        let p = self.problem()?;
        let program = target::program(&p, &o, &o.dirs())?;
        let limits = target::limits(&p, &o);
        let private = Private::for_output(limits.output_bytes)?;
        let (file, out, err) = (
            private.join("input"),
            private.join("stdout"),
            private.join("stderr"),
        );
        fs::write(&file, input).map_err(|e| format!("{}: {e}", file.display()))?;
        let run = crate::run::spec::run_program(&program, &[], Some(&file), &out, &err, limits)?;
        let (verdict, why) = match verdict::of_run(&run, &limits, 0)? {
            Some((v, why)) => (v.name(), why),
            None => (
                "OK",
                "ended well (no expected answer to compare with)".to_string(),
            ),
        };
        Ok(json!({
            "verdict": verdict, "why": why, "cpu_ms": run.cpu_ms, "wall_ms": run.wall_ms,
            "peak_kib": run.peak_kib, "stdout": shown_text(&out), "stderr": shown_text(&err),
        }))
    }

    /// A case opened: its files and what the judge said of it.
    pub fn case(&self, name: &str) -> Option<Value> {
        let row = self.shown().rows.into_iter().find(|r| r.name == name)?;
        let (input, answer) = self.origin(name)?;
        let kept = |ext: &str| crate::run::files::sibling(&self.out_dir.join(name), ext);
        // What a round kept of the case: a failing case's files, and an input alone's output
        // (RAN); nothing of an accepted one.
        let kept_now = row.verdict.is_some_and(|v| v != "AC") && !row.stale;
        let got = kept_now.then(|| kept("got")).filter(|p| p.is_file());
        let err = kept_now.then(|| kept("stderr")).filter(|p| p.is_file());
        let page = |ext: &str| (kept_now && kept(ext).is_file()).then(|| format!("{name}.{ext}"));
        // The tokens of the first differing line that differ, as the terminal's diff marks
        // them (character ranges).
        let marks = match (row.diff_line, answer.as_deref(), got.as_deref()) {
            (Some(n), Some(expected), Some(got)) => {
                let line = |p: &Path| {
                    let first = lines::lines_between(p, n, n).ok()?.into_iter().next()?;
                    Some(String::from_utf8_lossy(&first).into_owned())
                };
                let (e, g) = (line(expected), line(got));
                let tokens = |a: &Option<String>, b: &Option<String>| {
                    a.as_deref()
                        .map(|a| crate::show::diff::differing_tokens(a, b.as_deref()))
                };
                json!({"expected": tokens(&e, &g), "got": tokens(&g, &e)})
            }
            _ => Value::Null,
        };
        Some(json!({
            "marks": marks,
            "row": row,
            "input": shown_text(&input),
            "expected": answer.as_deref().map(shown_text),
            "got": got.as_deref().map(shown_text),
            "stderr": err.as_deref().map(shown_text),
            "picture": page("html"),
            "search": page("search.html"),
        }))
    }
}

impl Row {
    fn new(name: &str) -> Row {
        Row {
            name: name.to_string(),
            verdict: None,
            cpu_ms: 0,
            wall_ms: 0,
            peak_kib: 0,
            detail: Vec::new(),
            diff_line: None,
            stale: true,
        }
    }
}

/// A file's first [`SHOWN_BYTES`] as text, and whether it was cut.
pub fn shown_text(path: &Path) -> Value {
    let bytes = read_capped(path, SHOWN_BYTES + 1);
    let cut = bytes.len() as u64 > SHOWN_BYTES;
    let text =
        String::from_utf8_lossy(&bytes[..bytes.len().min(SHOWN_BYTES as usize)]).into_owned();
    json!({"text": text, "cut": cut})
}

/// One Server-Sent Event: its name and its data on one line (JSON has no raw newline).
fn frame(event: &str, data: &str) -> String {
    format!("event: {event}\ndata: {data}\n\n")
}

/// The lock, whatever a thread that panicked while holding it left: the board is data that
/// the next change rewrites.
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// A compile error as the page shows it: the source line it names (the first
/// `FILE:LINE:` of the compiler's lines with the source's name, else of any), and the
/// source around it.
pub fn compile_shown(ce: &CompileError) -> Compile {
    let base = Path::new(&ce.source)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let line = ce
        .lines
        .iter()
        .find_map(|l| line_named(l, &base))
        .or_else(|| ce.lines.iter().find_map(|l| line_named(l, "")));
    let excerpt = match (line, fs::read(&ce.source)) {
        (Some(n), Ok(text)) => String::from_utf8_lossy(&text)
            .lines()
            .enumerate()
            .map(|(i, l)| (i as u64 + 1, l.to_string()))
            .filter(|(i, _)| i.abs_diff(n) <= 3)
            .collect(),
        _ => Vec::new(),
    };
    Compile {
        source: ce.source.clone(),
        command: ce.command.clone(),
        lines: ce.lines.clone(),
        line,
        excerpt,
    }
}

/// The line number in `FILE:LINE:` (gcc, clang, rustc's `--> FILE:LINE:COL`) or
/// `File "FILE", line LINE` (Python) where FILE ends with `file` (any, when empty).
fn line_named(text: &str, file: &str) -> Option<u64> {
    let digits = |s: &str| -> Option<u64> {
        let end = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
        s[..end].parse().ok()
    };
    if let Some(at) = text.find("\", line ") {
        let named = text[..at].ends_with(file);
        return digits(&text[at + 8..]).filter(|_| named);
    }
    let mut from = 0;
    while let Some(at) = text[from..].find(':').map(|i| i + from) {
        let before = text[..at].rsplit([' ', '\t']).next().unwrap_or("");
        if !before.is_empty() && before.ends_with(file) {
            if let Some(n) = digits(&text[at + 1..]) {
                if text[at + 1..].chars().nth(n.to_string().len()) == Some(':') {
                    return Some(n);
                }
            }
        }
        from = at + 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_a_compiler_names_is_found() {
        assert_eq!(
            line_named("main.cpp:7:3: error: expected ';'", "main.cpp"),
            Some(7)
        );
        assert_eq!(line_named(" --> src/main.rs:12:5", "main.rs"), Some(12));
        assert_eq!(
            line_named("  File \"/x/a.py\", line 4, in <module>", "a.py"),
            Some(4)
        );
        assert_eq!(line_named("other.h:3:1: note", "main.cpp"), None);
        assert_eq!(line_named("error: ld returned 1 exit status", ""), None);
    }
}
