//! `bfs-judge panel`: a judge panel beside any editor. One page, served on 127.0.0.1 at an
//! address with a token of this session's, shows the folder's cases (verdict, CPU, wall,
//! memory, a summary on top), judged again whenever the source or a test file changes
//! (`session::watch`, as `test --watch` waits), and kept up to date by Server-Sent Events:
//! no reload, no polling by the page. From the page: run all or one case, open a case (its
//! input, expected and received side by side, the first difference marked), add, edit,
//! delete and restore cases (files of the tests folder; deleted ones wait in a trash folder
//! beside it), run the source on any input, and stress it against a brute force.
//!
//! Parts: `board` is what the page shows and the judging that fills it (one worker thread,
//! so that runs never overlap: a request waits its turn); `http` admits requests and routes
//! them and serves the page (`page.html`, `page.css`, `page.js`, embedded in the binary:
//! about 28 KB, nothing from the network); `store` writes the case files and runs the
//! stress; `streams` writes the event streams, a thread each, so that a page that stops
//! reading cannot stall the judging. Cost: a thread for the watch (a poll of the watched
//! files every `session::watch::POLL`), one for the worker, one an open page (at most
//! `streams::MAX_STREAMS`: past it `/events` answers 503), one a request while it is
//! answered.

mod board;
mod http;
mod store;
mod streams;

use std::path::PathBuf;
use std::process::ExitCode;

use crate::args::{InteractorArg, Options, RunArgs, TestsArg, Verdicts};
use crate::session::{Session, SetupError};

/// `bfs-judge panel`: the judge as a page beside the editor.
#[derive(Clone, Debug, clap::Args)]
#[command(after_help = "\
Run it in a folder with tests/ (or give --tests DIR) and the source to judge:
  bfs-judge panel main.cpp
It prints the page's address (with this session's token) and serves it until Ctrl-C. The
page judges again whenever the source or a test changes. Keys: r runs all, n and p go to
the next and previous failing case, a adds a case, c runs a custom input, ? lists the keys.
Only 127.0.0.1 is listened on, and only a request with the token is answered.")]
pub struct PanelCmd {
    /// The port on 127.0.0.1 (0: any free port; the address is printed).
    #[arg(long, value_name = "PORT", default_value_t = 0)]
    pub port: u16,

    /// The SOURCE file to build and judge (`main.cpp`), then, outside a folder with tests/
    /// or test/, one of our problems (`robot-maze`).
    #[arg(value_name = "[SOURCE] [PROBLEM]")]
    pub targets: Vec<String>,

    // `test`'s groups that apply to a page, and only those: clap refuses the rest (`--json`,
    // `--color`, `-v`, `--watch`, `--fail-fast`, `--bundle`, `--outputs`, `--testset`), which
    // the panel could only ignore: its page shows the verdicts, it always watches and judges
    // every case, and it judges a source's program.
    #[command(flatten)]
    pub run: RunArgs,

    #[command(flatten)]
    pub tests: TestsArg,

    #[command(flatten)]
    pub verdicts: Verdicts,

    #[command(flatten)]
    pub interactor: InteractorArg,
}

impl From<PanelCmd> for Options {
    fn from(p: PanelCmd) -> Options {
        let mut run = p.run;
        run.tests = p.tests.tests;
        let mut verdicts = p.verdicts;
        verdicts.interactor = p.interactor.interactor;
        Options {
            targets: p.targets,
            run,
            verdicts,
            ..Options::default()
        }
    }
}

/// Serves the panel until interrupted; a setup error (no tests folder, no source, the port
/// taken) exits 2 with one line.
pub fn main(mut o: Options, port: u16) -> ExitCode {
    // The page shows verdicts itself: detail lines come without terminal colours.
    o.run.color = crate::show::style::ColorChoice::Never;
    match serve(o, port) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("panel: {e}");
            ExitCode::from(2)
        }
    }
}

fn serve(o: Options, port: u16) -> Result<(), SetupError> {
    let (tests, ours) = cases_of(&o)?;
    let session = Session::start(&o)?;
    let board = board::Board::start(o, tests, ours)?;
    let result = http::serve(board, port);
    drop(session);
    result
}

/// Whose cases the panel shows: one folder of tests, or one of our problems (`panel a.py
/// robot-maze`, from anywhere).
fn cases_of(o: &Options) -> Result<(Option<PathBuf>, Option<String>), SetupError> {
    if o.run.cmd.is_none() {
        return Err(
            "say which source to judge: `bfs-judge panel main.cpp` (or --cmd COMMAND)".into(),
        );
    }
    match (&o.run.tests[..], &o.targets[..]) {
        ([one], []) => Ok((
            Some(std::path::absolute(one).unwrap_or_else(|_| one.clone())),
            None,
        )),
        ([], [name]) if !name.contains(['/', '*', '?', '[']) => Ok((None, Some(name.clone()))),
        ([], []) => Err(format!(
            "no tests here ({}): the panel shows a folder's cases; run it where tests/ or \
             test/ holds NAME.in and NAME.out, give --tests DIR, or name one of our problems",
            std::env::current_dir().map_or_else(|_| ".".into(), |d| d.display().to_string())
        )
        .into()),
        (_, []) => Err("the panel shows one folder of tests: give one --tests DIR".into()),
        _ => Err(format!(
            "the panel shows every case of one folder or problem, not a choice of cases ({})",
            o.targets.join(" ")
        )
        .into()),
    }
}
