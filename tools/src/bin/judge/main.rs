//! `judge`: an online judge on the user's own machine (run it through `scripts/judge`).
//!
//! It runs a program (ours from `target/release`, a bundle from `target/bundle`, or any
//! command given with `--cmd`) over a problem's cases and prints a verdict per case (`AC WA
//! RE TLE MLE OLE`) with its CPU time, wall time and peak memory, a summary per problem and a
//! closing `N passed, N failed`; `--stress` compares a command with our binary on generated
//! inputs instead.
//!
//! One module per concern:
//! - `options`: the command line (clap);
//! - `problem`, `cases`: a problem folder, its `info.toml` and its cases;
//! - `program`: what to run, and whether it can run at all;
//! - `sandbox` + `supervise` + `sys`: running one program under limits, in a supervisor
//!   process that is the subreaper of everything the program starts (all `unsafe` is in
//!   `sys`);
//! - `verdict`, `compare`, `checker`, `judging`: from a run to a verdict;
//! - `report`: the lines printed; `suite`, `stress`: the two modes;
//! - `explain`, `draw`, `html`, `shrink`: why a grid answer is wrong (the named mistake, the
//!   drawn window, the HTML page) and the smallest input that shows it;
//! - `scale`: the scaling probe (time and memory against the maze's size).
//!
//! Exit codes: 0 all AC, 1 some case not AC, 2 a setup or usage error (said once, on stderr).

mod cases;
mod checker;
mod compare;
mod diff;
mod draw;
mod explain;
mod html;
mod judging;
mod options;
mod problem;
mod program;
mod report;
mod sandbox;
mod scale;
mod shrink;
mod stress;
mod style;
mod suite;
mod supervise;
mod sys;
mod tree;
mod verdict;

use std::process::ExitCode;

use clap::{CommandFactory, Parser};

fn main() -> ExitCode {
    // Arguments as the OS gives them: a path or a selector that is not UTF-8 must not panic.
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if args.get(1).is_some_and(|a| a == supervise::ARG) {
        return supervise::main(&args[2..]);
    }
    let options = options::Options::parse();
    if options.stress.is_some() && options.cmd.is_none() && !options.bundle {
        options::Options::command()
            .error(
                clap::error::ErrorKind::MissingRequiredArgument,
                "--stress needs --cmd COMMAND (or --bundle) to compare with ours",
            )
            .exit();
    }
    report::set_json_mode(options.json);
    style::init(if options.json {
        options::ColorChoice::Never
    } else {
        options.color
    });
    // The judge reaps any orphan a supervisor leaves (one killed outright, say), so that
    // nothing a program started outlives the judge either.
    let _ = sys::become_subreaper();
    let result = match (&options.stress, &options.scale) {
        (Some(Some(problem)), _) => stress::run(&options, problem),
        (Some(None), _) => stress::run_own(&options),
        (None, Some(problem)) => scale::run(&options, problem),
        (None, None) => suite::run(&options),
    };
    let _ = supervise::kill_all_descendants(|_| {});
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            if options.json {
                say!("{}", report::error_json(&e));
            }
            eprintln!("judge: {e}");
            ExitCode::from(2)
        }
    }
}
