//! A judging session: what every judging mode (`test`, `stress`, `scale`, `verify`) starts
//! and ends with, whichever subcommand asked for it. [`Session::start`] sets the output's
//! style (colour, JSON), makes the judge the subreaper of what its supervisors leave and not
//! dumpable, chooses the isolation mechanism and hands every supervisor its settings (once
//! per process: a watch's later rounds keep them); dropping the [`Session`] ends this
//! thread's supervisor and kills whatever a program left. Cost: one probe of unprivileged
//! namespaces (a child process) per process. Below it, what the modes share: `target`
//! decides what a problem's cases are judged with, `source` makes programs of source files,
//! `pool` runs a mode's cases `-j N` at a time, handing them on in order.

pub mod pool;
pub mod source;
pub mod submission;
pub mod target;

use crate::args::Options;
use crate::run::{sandbox, supervise, sys};
use crate::show::style::{self, ColorChoice};

/// A judging session in progress; dropping it ends it.
pub struct Session(());

impl Session {
    /// Starts a session with `options`' output style, isolation and environment; `Err` is a
    /// setup error (a mechanism asked for by name that this machine lacks).
    pub fn start(options: &Options) -> Result<Session, String> {
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
fn configure(options: &Options) -> Result<(), String> {
    // The judge reaps any orphan a supervisor leaves (one killed outright, say), so that
    // nothing a program started outlives the judge either.
    let _ = sys::become_subreaper();
    // Nobody reads or writes the judge's memory or descriptors (its report pipes) through
    // /proc, nor traces it: not even a program running as the same user.
    let _ = sys::make_undumpable();
    let (mechanism, why_none) = crate::run::jail::choose(options.run.sandbox.isolation)?;
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
