//! `bfs-judge answer`: the answers a trusted (slow) reference solution gives, written as the
//! missing `NAME.out` of a folder of tests, as `oj generate-output` writes them: a contestant
//! writes inputs (`tests/big.in`), and the brute force they trust answers them, so that
//! `bfs-judge test` then judges the fast solution on them.
//!
//! Only inputs without an answer are run (a flat folder's, [`Package::unanswered`]), unless
//! `--overwrite` asks for every input's answer again; case globs choose among them. The
//! reference runs isolated, under the problem's limits with [`REFERENCE_FACTOR`] times its
//! time limit (a slow-but-sure solution may be slow; `--time-limit-ms` sets it). An answer
//! is written beside its input through a hidden temporary file ([`Claim`],
//! `.NAME.out.answering-PID`, made before the reference runs) linked into place, never over
//! a file unless `--overwrite`; a reference that fails on an input (RE, TLE, MLE, OLE) writes
//! nothing for it and stops the run, naming the input: an answer it did not finish is no
//! answer. A judge killed outright (SIGKILL) cannot remove its temporary file: the next
//! `answer` in that folder removes those whose judge is gone ([`clear_leftovers`]), and
//! leaves a live one's. Cost: one run of the reference per input, in case order.
//!
//! [`Package::unanswered`]: crate::judge::format::Package::unanswered

use std::fs;
use std::path::{Path, PathBuf};

use crate::args::{Options, Report, RunArgs};
use crate::judge::cases;
use crate::judge::format::{Found, Package};
use crate::judge::problem::Problem;
use crate::judge::verdict;
use crate::run::files::Private;
use crate::run::spec::run_program_in;
use crate::session::target::{limits, program};
use crate::session::SetupError;
use crate::text::{detail, short};

/// The reference's time limit is the problem's times this, unless `--time-limit-ms` says.
pub const REFERENCE_FACTOR: u64 = 5;

/// `bfs-judge answer`: answers for inputs without one, from a reference solution.
#[derive(Clone, Debug, clap::Args)]
#[command(after_help = "\
Examples:
  bfs-judge answer brute.cpp              # tests/NAME.out for every tests/NAME.in without one
  bfs-judge answer --cmd ./brute 'big*'   # those of the inputs named big*
  bfs-judge answer brute.py --overwrite   # every input's answer again")]
pub struct AnswerCmd {
    /// First, optionally, the reference's SOURCE file (`brute.cpp`), built by its extension;
    /// then CASE or GLOB among the inputs (default: every input without an answer).
    #[arg(value_name = "[SOURCE] CASE")]
    pub targets: Vec<String>,

    /// The folder of tests [default: tests/ or test/ of the current folder].
    #[arg(long, value_name = "DIR")]
    pub tests: Option<PathBuf>,

    /// Answer every chosen input again, replacing the answers there.
    #[arg(long)]
    pub overwrite: bool,

    #[command(flatten)]
    pub run: RunArgs,

    #[command(flatten)]
    pub report: Report,
}

impl From<AnswerCmd> for Options {
    fn from(a: AnswerCmd) -> Options {
        let mut run = a.run.reported(a.report);
        run.tests = a.tests.into_iter().collect();
        Options {
            targets: a.targets,
            run,
            answer_overwrite: a.overwrite,
            ..Options::default()
        }
    }
}

/// The flat folder of tests `o` names, read: refused when it is another format or a file
/// I/O problem's.
fn flat_folder(o: &Options) -> Result<Problem, SetupError> {
    let [dir] = &o.run.tests[..] else {
        return Err(
            "answer needs a folder of tests: tests/ or test/ here, or --tests DIR"
                .to_string()
                .into(),
        );
    };
    let p = Problem::from_tests_dir(dir)?;
    if p.kind != crate::judge::format::Kind::Flat {
        return Err(format!(
            "{}: a {}: answer writes NAME.out beside NAME.in in a plain folder of tests",
            dir.display(),
            p.kind.describe()
        )
        .into());
    }
    if p.info.input_file.is_some() || p.info.output_file.is_some() {
        return Err(format!(
            "{}: a file I/O problem (its info.toml names input_file or output_file): answer \
             runs the reference on stdin and stdout only",
            p.name
        )
        .into());
    }
    Ok(p)
}

/// The inputs to answer, each with whether it has an answer now: those without one, and
/// with `--overwrite` the rest too; case globs choose among them, and a glob that matches
/// no input at all is a setup error (a typo), with a suggestion.
fn choose<'a>(o: &Options, package: &'a Package) -> Result<Vec<(&'a Found, bool)>, SetupError> {
    let mut chosen: Vec<(&Found, bool)> = package.unanswered.iter().map(|f| (f, false)).collect();
    if o.answer_overwrite {
        chosen.extend(package.cases.iter().map(|f| (f, true)));
        chosen.sort_by(|a, b| crate::judge::format::files::natural_cmp(&a.0.name, &b.0.name));
    }
    if o.targets.is_empty() {
        return Ok(chosen);
    }
    let names: Vec<&str> = package
        .unanswered
        .iter()
        .chain(&package.cases)
        .map(|f| f.name.as_str())
        .collect();
    for g in &o.targets {
        let one = cases::selector(std::slice::from_ref(g))?;
        if !names.iter().any(|n| one.is_match(n)) {
            let hint = crate::judge::problem::did_you_mean(g, &names)
                .map(|like| format!(": did you mean `{like}`?"))
                .unwrap_or_default();
            return Err(format!("no input of {} matches {g}{hint}", package.name).into());
        }
    }
    let globs = cases::selector(&o.targets)?;
    chosen.retain(|(f, _)| globs.is_match(&f.name));
    Ok(chosen)
}

/// Writes the answers; `Ok(true)` when the reference answered every input it was given.
/// Text for a person, or with `--json` one object a line (one per input, then a summary).
pub fn run(o: &Options) -> Result<bool, SetupError> {
    let p = flat_folder(o)?;
    if let [dir] = &o.run.tests[..] {
        clear_leftovers(dir);
    }
    let chosen = choose(o, &p)?;
    let say = |text: String, json: serde_json::Value| match o.run.json {
        true if !json.is_null() => crate::say!("{json}"),
        false if !text.is_empty() => crate::say!("{text}"),
        _ => {}
    };
    if chosen.is_empty() {
        let answered = p.cases.len();
        say(
            format!(
                "{}: no input to answer ({answered} already answered{})",
                p.name,
                if o.answer_overwrite {
                    ""
                } else {
                    "; --overwrite answers them again"
                }
            ),
            serde_json::json!({"summary": true, "written": 0, "failed": 0}),
        );
        return Ok(true);
    }
    let mut limits = limits(&p, o);
    if o.run.time_limit_ms.is_none() {
        limits.time_ms = limits.time_ms.saturating_mul(REFERENCE_FACTOR);
    }
    let reference = program(&p, o, &o.dirs())?;
    let shown = o
        .run
        .built
        .as_ref()
        .map_or_else(|| reference.describe(), |(shown, _)| shown.clone());
    let count = |n: usize| format!("{n} input{}", if n == 1 { "" } else { "s" });
    say(
        format!(
            "# answer {}: {} | limits {} | {} to answer",
            p.name,
            short(&shown),
            crate::show::report::limits_text(&limits),
            count(chosen.len())
        ),
        serde_json::Value::Null,
    );
    let private = Private::new()?;
    for (i, (found, had)) in chosen.iter().enumerate() {
        let (stdout, stderr) = (private.join(&format!("{i}.out")), private.join("stderr"));
        let claim = Claim::new(&found.answer)?;
        let run = run_program_in(
            &reference,
            &found.args,
            Some(&found.input),
            &stdout,
            &stderr,
            limits,
            None,
        )?;
        if let Some((v, why)) = verdict::of_run(&run, &limits, 0)? {
            let mut lines = vec![
                format!("{:<3} {}: no answer written", v.name(), found.name),
                detail(&why),
            ];
            lines.extend(verdict::stderr_line(&crate::run::files::read_ends(
                &stderr, 8192,
            )));
            let input = short(&found.input.display().to_string());
            lines.push(format!(
                "stopped: the reference failed on {input}; {i} of {} answered",
                count(chosen.len())
            ));
            let why = crate::show::report::json_detail(&lines[1..lines.len() - 1]);
            say(
                lines.join("\n"),
                serde_json::json!({"case": found.name, "verdict": v.name(), "written": false,
                                   "detail": why}),
            );
            say(
                String::new(),
                serde_json::json!({"summary": true, "written": i, "failed": 1}),
            );
            return Ok(false);
        }
        claim.place(&stdout, &found.answer, *had)?;
        let bytes = fs::metadata(&found.answer).map_or(0, |m| m.len());
        let answer = short(&found.answer.display().to_string());
        say(
            format!(
                "{} {answer} ({bytes} bytes, {} ms cpu)",
                if *had { "rewrote" } else { "wrote" },
                run.cpu_ms
            ),
            serde_json::json!({"case": found.name, "answer": answer, "written": true,
                               "replaced": had, "bytes": bytes, "cpu_ms": run.cpu_ms}),
        );
    }
    let n = chosen.len();
    say(
        format!("{n} answer{} written", if n == 1 { "" } else { "s" }),
        serde_json::json!({"summary": true, "written": n, "failed": 0}),
    );
    Ok(true)
}

/// What a temporary answer's name holds between the answer's name and the judge's PID:
/// `.NAME.out` + this + `PID`.
const CLAIM: &str = ".answering-";

/// An answer's temporary file beside it, `.NAME.out.answering-PID`, made (new) before the
/// reference runs: a folder the judge cannot write to is then said before a slow reference
/// has run, not after. Filled with the reference's output and linked into place
/// ([`Claim::place`]); removed when dropped (a failed run, an error), so that only a judge
/// killed outright leaves one, which [`clear_leftovers`] removes.
struct Claim {
    path: PathBuf,
    file: fs::File,
}

impl Claim {
    fn new(answer: &Path) -> Result<Claim, SetupError> {
        let name = answer.file_name().unwrap_or_default().to_string_lossy();
        let path = answer.with_file_name(format!(".{name}{CLAIM}{}", std::process::id()));
        let file = fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(Claim { path, file })
    }

    /// Moves the reference's output `from` to `to` through this file: never half written,
    /// and never over an existing file unless `replace`.
    fn place(mut self, from: &Path, to: &Path, replace: bool) -> Result<(), SetupError> {
        fs::File::open(from)
            .and_then(|mut f| std::io::copy(&mut f, &mut self.file))
            .map_err(|e| format!("{}: {e}", self.path.display()))?;
        let placed = if replace {
            fs::rename(&self.path, to)
        } else {
            // A link fails where a file of that name appeared meanwhile: it stays.
            fs::hard_link(&self.path, to)
        };
        placed.map_err(|e| format!("{}: {e} (not replaced)", to.display()).into())
    }
}

impl Drop for Claim {
    fn drop(&mut self) {
        // After a rename the name is gone already: nothing to remove.
        let _ = fs::remove_file(&self.path);
    }
}

/// Removes the temporary answers ([`Claim`]) in `dir` that judges killed outright left:
/// those whose PID is no live process, and this process's own (it has made none yet: a
/// dead judge's of the same PID). A live judge's (another `answer` in the same folder)
/// stays. Nothing is said: they are the judge's own files, hidden, never an answer.
fn clear_leftovers(dir: &Path) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let me = std::process::id().to_string();
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name
            .to_str()
            .filter(|n| n.starts_with('.'))
            .and_then(|n| n.rsplit_once(CLAIM))
            .map(|(_, pid)| pid)
            .filter(|pid| pid.parse::<u32>().is_ok())
        else {
            continue;
        };
        if pid == me || !crate::run::jail::alive(pid) {
            let _ = fs::remove_file(entry.path());
        }
    }
}
