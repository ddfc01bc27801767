//! A judging session: what every judging mode (`test`, `stress`, `scale`, `verify`) starts
//! and ends with, whichever subcommand asked for it. [`Session::start`] sets the output's
//! style (colour, JSON), makes the judge the subreaper of what its supervisors leave and not
//! dumpable, chooses the isolation mechanism and hands every supervisor its settings (once
//! per process: a watch's later rounds keep them); dropping the [`Session`] ends this
//! thread's supervisor and kills whatever a program left. Cost: one probe of unprivileged
//! namespaces (a child process) per process. Below it, what the modes share: `target`
//! decides the parts of what a problem's cases are judged with (limits, program, check,
//! interactor) and `judged` puts them together into one target (`test`, `panel`),
//! `submission` judges a package's own submissions, `grade` judges one case (the run, its
//! verdict, what a failure keeps and shows), `source` makes programs of source files,
//! `pool` runs a mode's cases `-j N` at a time, handing them on in order, `watch` waits for
//! a watched file to change (`test --watch`, `panel`), `stress` tries one seed of a stress
//! run (`stress`, `panel`), `http` is the loopback server and its guard (`listen`,
//! `panel`).

pub mod cache;
pub mod grade;
pub mod http;
pub mod judged;
pub mod pool;
pub mod source;
pub mod stress;
pub mod submission;
pub mod target;
pub mod watch;

use crate::args::Options;
use crate::run::{sandbox, supervise, sys};
use crate::show::style::{self, ColorChoice};

/// A judging session in progress; dropping it ends it.
pub struct Session(());

impl Session {
    /// Starts a session with `options`' output style, isolation and environment; `Err` is a
    /// setup error (a mechanism asked for by name that this machine lacks).
    pub fn start(options: &Options) -> Result<Session, SetupError> {
        crate::text::set_json_mode(options.run.json);
        style::init(if options.run.json {
            ColorChoice::Never
        } else {
            options.run.color
        });
        if !sandbox::configured() {
            configure(options)?;
        }
        Ok(Session(()))
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        sandbox::release();
        let _ = supervise::kill_all_descendants(|_| {});
    }
}

/// The supervisors' settings, from the judge's state now.
fn configure(options: &Options) -> Result<(), SetupError> {
    // The judge reaps any orphan a supervisor leaves (one killed outright, say), so that
    // nothing a program started outlives the judge either.
    let _ = sys::become_subreaper();
    // Nobody reads or writes the judge's memory or descriptors (its report pipes) through
    // /proc, nor traces it: not even a program running as the same user.
    let _ = sys::make_undumpable();
    let (mechanism, why_none) =
        crate::run::jail::choose(options.run.sandbox.isolation).map_err(|e| e.to_string())?;
    sandbox::configure(sandbox::Settings {
        mechanism,
        why_none,
        env: sandbox::program_env(&options.run.sandbox.env),
        // What every supervisor, and so every program, starts from: the judge's own state
        // now, whatever a program does to the judge later.
        start: sys::inherited(),
        // Where it keeps outputs: an interactor or validator may write what it is named
        // there.
        writable: vec![{
            let out = options.dirs().out;
            std::path::absolute(&out).unwrap_or(out)
        }],
    });
    Ok(())
}

/// Why a judging run cannot go on: a setup error (exit code 2), said once on stderr, rather
/// than the same verdict on every case. The layers below say theirs in their own types
/// (running, checking, reading a package); the modes' own words (an option a problem cannot
/// use, a folder with no cases) are [`SetupError::Said`]. `Display` is the message.
#[derive(Debug)]
pub enum SetupError {
    Run(crate::run::spec::RunError),
    Check(crate::judge::check::CheckError),
    Format(crate::judge::format::FormatError),
    Said(String),
}

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetupError::Run(e) => e.fmt(f),
            SetupError::Check(e) => e.fmt(f),
            SetupError::Format(e) => e.fmt(f),
            SetupError::Said(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for SetupError {}

impl From<String> for SetupError {
    fn from(why: String) -> SetupError {
        SetupError::Said(why)
    }
}

impl From<crate::run::spec::RunError> for SetupError {
    fn from(e: crate::run::spec::RunError) -> SetupError {
        SetupError::Run(e)
    }
}

impl From<crate::judge::check::CheckError> for SetupError {
    fn from(e: crate::judge::check::CheckError) -> SetupError {
        SetupError::Check(e)
    }
}

impl From<crate::judge::format::FormatError> for SetupError {
    fn from(e: crate::judge::format::FormatError) -> SetupError {
        SetupError::Format(e)
    }
}

impl From<&str> for SetupError {
    fn from(why: &str) -> SetupError {
        SetupError::Said(why.to_string())
    }
}

impl From<crate::run::files::NoFolder> for SetupError {
    fn from(e: crate::run::files::NoFolder) -> SetupError {
        SetupError::Said(e.to_string())
    }
}
