//! The `bfs-judge` command line: the subcommands, one command line for every user (the
//! checkout's `scripts/judge`, whose modes are flags, turns them into subcommands).
//!
//! `bfs-judge SUBCOMMAND ...` parses with clap's derive, so each subcommand's `--help` is its
//! manual, and each arm below hands its own arguments to its mode; `bfs-judge __supervise
//! ...` is the supervisor a run starts (`run::supervise`), not a command line for people.
//!
//! Exit codes of the judging modes: 0 all AC, 1 some case not AC, 2 a setup or usage error
//! (said once, on stderr).

use std::ffi::OsString;
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use crate::args::{Invoked, Options, ScaleCmd, StressCmd, TestCmd, VerifyCmd};
use crate::modes::{answer, check, gen, listen, scale, stress, test, verify, watch};
use crate::run::{supervise, sys};
use crate::session::source;
use crate::session::{Session, SetupError};

/// An online judge on your own machine, for our BFS problems and for any problem of yours:
/// judge a program on test cases (`test`), against a trusted answer on random cases
/// (`stress`), or against the problem's largest size (`scale`); receive problems from the
/// browser (`listen`); check a problem package's submissions (`verify`); and the tools around
/// our solvers (`bundle`, `gen`, `check`, `bench`).
#[derive(Debug, Parser)]
#[command(name = "bfs-judge", version, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Judge a program or a source file on test cases: the current folder's tests/ or test/,
    /// a folder's (--tests), or our problems'.
    Test(TestCmd),
    /// Compare a program with a trusted answer on random inputs, stop at the first
    /// disagreement, and shrink it.
    Stress(StressCmd),
    /// Predict TLE or MLE at a grid problem's largest size from runs at doubling sizes.
    Scale(ScaleCmd),
    /// The problem setter's check: build and judge every submission a Kattis package or a
    /// Library Checker folder lists, and say whether each got its expected verdict.
    #[command(long_about = crate::run::compile::verify_help())]
    Verify(VerifyCmd),
    /// Write the missing answers (NAME.out) of a folder's inputs from a trusted reference
    /// solution, as `oj generate-output` does; never over an answer unless --overwrite.
    Answer(answer::AnswerCmd),
    /// Receive problems from the Competitive Companion browser extension into folders
    /// that `bfs-judge test` judges as they are.
    Listen(listen::ListenCmd),
    /// Serve a judge panel beside your editor: one page on 127.0.0.1 with the folder's cases,
    /// judged again whenever the source or a test changes.
    Panel(crate::modes::panel::PanelCmd),
    /// Write each of our problems as one std-only source file for online judges.
    Bundle(crate::modes::bundle::Options),
    /// Print a random input of one of our problems.
    Gen(gen::GenCmd),
    /// Check an answer to one of our problems (testlib's exit codes: 0 ok, 1 wrong, 3 fail).
    Check(check::CheckCmd),
    /// Time our solvers against the baselines (what `scripts/bench` runs).
    Bench(crate::bench::BenchCmd),
    /// Write a page that replays the reference search of one of our problems on an input
    /// (the sample by default), step by step, as the tutorials draw it.
    Show(crate::modes::show::ShowCmd),
    /// List the languages source files are built in: extensions, the build and run commands
    /// (your config files' laid over ours), and whether each is installed here.
    Languages,
    /// Empty the cache of failing cases (runs keep it to failing cases, and trim what is
    /// 14 days old).
    Clean(crate::modes::clean::CleanCmd),
}

/// `bfs-judge`'s `main`.
pub fn main() -> ExitCode {
    // Before anything else runs: what the caller left open reaches no process we start.
    sys::close_inherited_on_exec();
    let args: Vec<OsString> = std::env::args_os().collect();
    if args.get(1).is_some_and(|a| a == supervise::ARG) {
        // Paths as they are: a case file's name need not be UTF-8.
        return supervise::main(&args[2..]);
    }
    let mut command =
        Cli::command().mut_subcommand("gen", |c| c.after_help(crate::ours::gen_help()));
    let matches = match command.try_get_matches_from_mut(&args) {
        Ok(m) => m,
        Err(e) => {
            let checking = args.get(1).is_some_and(|a| a == "check");
            let _ = e.print();
            return match e.kind() {
                clap::error::ErrorKind::DisplayHelp | clap::error::ErrorKind::DisplayVersion => {
                    ExitCode::SUCCESS
                }
                _ if checking => ExitCode::from(check::USAGE_ERROR),
                _ => ExitCode::from(2),
            };
        }
    };
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    run(cli.command, invoked_as(&args[0]))
}

/// Type of the steps that finish a mode's options before it runs (the source named on the
/// command line, the current folder's tests, the folder's saved checker).
type Step = fn(&mut Options) -> Result<(), SetupError>;

/// `options` after `steps`, or exit 2 with the first one's error (`who` names the mode).
fn prepared(mut options: Options, who: &str, steps: &[Step]) -> Result<Options, ExitCode> {
    for step in steps {
        if let Err(e) = step(&mut options) {
            eprintln!("{who}: {e}");
            return Err(ExitCode::from(2));
        }
    }
    Ok(options)
}

/// The answer of `answer` needs a reference solution to run.
fn reference_named(o: &mut Options) -> Result<(), SetupError> {
    if o.run.cmd.is_none() {
        return Err("say which reference solution answers: a source file \
                    (`bfs-judge answer brute.cpp`) or a command (`--cmd ./brute`)"
            .to_string()
            .into());
    }
    Ok(())
}

/// Runs the subcommand, as `bfs-judge` was invoked (`invoked`).
fn run(command: Command, invoked: Invoked) -> ExitCode {
    let invoked = |mut o: Options| {
        o.invoked = invoked.clone();
        o
    };
    let (source, folder, checker): (Step, Step, Step) = (
        source::take_source_target,
        test::adopt_current_folder,
        source::take_saved_checker,
    );
    match command {
        Command::Test(t) => {
            let watch = t.watch;
            let options = match prepared(
                invoked(Options::from(t)),
                "judge",
                &[source, folder, checker],
            ) {
                Ok(o) => o,
                Err(code) => return code,
            };
            if watch {
                return watch::main(options, &|o| judge(o, true, test::run));
            }
            judge(options, true, test::run)
        }
        Command::Stress(s) => {
            // The one rule clap's declarations cannot say: our problem needs a program to
            // compare with ours (the user's generator and brute force need one too, which
            // `--gen` and `--brute` require of each other and the mode asks for).
            if s.problem.is_some() && s.run.cmd.is_none() && !s.bundle.bundle {
                Cli::command()
                    .error(
                        clap::error::ErrorKind::MissingRequiredArgument,
                        "stress PROBLEM needs --cmd COMMAND (or --bundle) to compare with ours",
                    )
                    .exit();
            }
            let options = match prepared(invoked(Options::from(s)), "judge", &[checker]) {
                Ok(o) => o,
                Err(code) => return code,
            };
            judge(options, true, |o| match &o.stress {
                Some(Some(problem)) => stress::run(o, problem),
                _ => stress::run_own(o),
            })
        }
        Command::Scale(s) => {
            let problem = s.problem.clone();
            judge(invoked(Options::from(s)), true, move |o| {
                scale::run(o, &problem)
            })
        }
        Command::Verify(v) => {
            let package = v.package.clone();
            judge(invoked(Options::from(v)), false, move |o| {
                verify::run(o, &package)
            })
        }
        Command::Answer(a) => {
            let steps = [source, reference_named, folder];
            match prepared(invoked(Options::from(a)), "judge", &steps) {
                Ok(options) => judge(options, true, answer::run),
                Err(code) => code,
            }
        }
        Command::Listen(l) => listen::main(&l),
        Command::Panel(p) => {
            let steps = [source, folder, checker];
            let port = p.port;
            match prepared(invoked(Options::from(p)), "panel", &steps) {
                Ok(options) => crate::modes::panel::main(options, port),
                Err(code) => code,
            }
        }
        Command::Bundle(b) => crate::modes::bundle::main(&b),
        Command::Gen(g) => gen::main(&g),
        Command::Check(c) => check::main(&c),
        Command::Bench(b) => crate::bench::main(&b),
        Command::Show(s) => crate::modes::show::main(&s),
        Command::Clean(c) => crate::modes::clean::main(&c),
        Command::Languages => match source::langs() {
            Ok(langs) => {
                println!("{}", crate::run::compile::table(&langs));
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("judge: {e}");
                ExitCode::from(2)
            }
        },
    }
}

/// A judging mode in a session of its own (`build`: `--cmd` built first when it is a source
/// file, in the isolation its program runs in; a compile error is the verdict, CE: nothing is
/// judged, exit 1). Exit codes: 0 every case AC, 1 one was not, 2 a setup error.
fn judge(mut options: Options, build: bool, mode: impl FnOnce(&Options) -> Mode) -> ExitCode {
    let result = Session::start(&options).and_then(|session| {
        if build {
            if let Some(ce) = source::resolve(&mut options)? {
                source::say_compile_error(&ce, options.run.json);
                return Ok(false);
            }
        }
        let verdict = mode(&options);
        drop(session);
        verdict
    });
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            if options.run.json {
                crate::say!("{}", crate::show::report::error_json(&e.to_string()));
            }
            eprintln!("judge: {e}");
            ExitCode::from(2)
        }
    }
}

/// The judge as the user typed it, for the commands it prints: through `scripts/judge` when
/// the script says so, else a bare name (`bfs-judge`, found on PATH) as it is, a path made
/// absolute so that it runs from any folder.
fn invoked_as(argv0: &OsString) -> Invoked {
    if let Some(script) = std::env::var_os(crate::args::SCRIPT_VARIABLE) {
        return Invoked::Script(script.to_string_lossy().into_owned());
    }
    let path = std::path::Path::new(argv0);
    if path.components().count() == 1 {
        return Invoked::Command(argv0.to_string_lossy().into_owned());
    }
    Invoked::Command(
        std::path::absolute(path)
            .unwrap_or_else(|_| path.to_path_buf())
            .display()
            .to_string(),
    )
}

/// What a judging mode returns: whether every case was AC, or a setup error.
type Mode = Result<bool, SetupError>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_declaration_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn subcommands_parse_into_the_modes() {
        let cli = Cli::try_parse_from(["bfs-judge", "stress", "chase", "--cmd", "./a"]).unwrap();
        let Command::Stress(s) = cli.command else {
            panic!("not stress")
        };
        let o = Options::from(s);
        assert_eq!(o.stress, Some(Some("chase".to_string())));
        assert_eq!(o.stress_args.count, 500);
        let cli = Cli::try_parse_from(["bfs-judge", "test", "-j", "2", "wave/open*"]).unwrap();
        let Command::Test(t) = cli.command else {
            panic!("not test")
        };
        let o = Options::from(t);
        assert_eq!((o.targets.len(), o.verdicts.jobs, o.stress), (1, 2, None));
        assert!(Cli::try_parse_from(["bfs-judge", "test", "--seed", "1"]).is_err());
        assert!(Cli::try_parse_from(["bfs-judge", "scale"]).is_err());
        let cli = Cli::try_parse_from([
            "bfs-judge",
            "stress",
            "chase",
            "--cmd",
            "./a",
            "--size",
            "3",
            "4",
            "--args=--path",
            "-j",
            "2",
        ])
        .unwrap();
        let Command::Stress(s) = cli.command else {
            panic!("not stress")
        };
        let o = Options::from(s);
        assert_eq!(o.stress_args.sizes, ["3", "4"]);
        assert_eq!(o.extra_args(), ["--path"]);
        assert_eq!(o.verdicts.jobs, 2);
        let cli = Cli::try_parse_from([
            "bfs-judge",
            "stress",
            "--gen",
            "./g",
            "--brute",
            "./b",
            "--cmd",
            "./a",
        ])
        .unwrap();
        let Command::Stress(s) = cli.command else {
            panic!("not stress")
        };
        let o = Options::from(s);
        assert_eq!(
            (o.stress, o.stress_args.gen.as_deref()),
            (Some(None), Some("./g"))
        );
    }

    /// Which options go together is said once, by clap's declarations: each subcommand takes
    /// only the options it can use, and the conflicts are refused at parsing.
    #[test]
    fn each_subcommand_refuses_what_it_cannot_use() {
        let refused = [
            &["test", "--cmd", "a", "--bundle"][..],
            &["test", "-j", "0"],
            &["test", "--checker", "--checker-cmd", "c"],
            &["test", "--outputs", "o", "--cmd", "a"],
            &["stress", "chase", "a", "b"],
            &["stress", "--gen", "./g"],
            &["stress", "chase", "--cmd", "a", "--interactor", "i"],
            &["stress", "chase", "--cmd", "a", "--outputs", "o"],
            &["stress", "chase", "--cmd", "a", "--testset", "t"],
            &["scale", "robot-maze", "--tests", "t"],
            &["scale", "robot-maze", "--bundle"],
            &["scale", "robot-maze", "--outputs", "o"],
            &["verify", "p", "--bundle-dir", "b"],
            &["verify", "p", "--cmd", "a"],
            &["panel", "a.py", "--json"],
            &["panel", "a.py", "--fail-fast"],
            &["panel", "a.py", "--watch"],
        ];
        for args in refused {
            let line = std::iter::once("bfs-judge").chain(args.iter().copied());
            assert!(Cli::try_parse_from(line).is_err(), "{args:?} was taken");
        }
        for args in [
            &[
                "test",
                "--tests",
                "t",
                "--outputs",
                "o",
                "--testset",
                "pretests",
            ][..],
            &[
                "stress",
                "chase",
                "--bundle",
                "--bundle-dir",
                "b",
                "--tests",
                "t",
            ],
            &["verify", "p", "--isolation", "none", "--env", "X"],
            &["verify", "p", "-v"],
            &[
                "panel",
                "a.py",
                "--tests",
                "t",
                "-j",
                "2",
                "--checker-cmd",
                "c",
            ],
        ] {
            let line = std::iter::once("bfs-judge").chain(args.iter().copied());
            assert!(Cli::try_parse_from(line).is_ok(), "{args:?} was refused");
        }
        let cli = Cli::try_parse_from(["bfs-judge", "bench", "--quick", "robot-maze"]).unwrap();
        assert!(
            matches!(cli.command, Command::Bench(b) if b.quick && b.problems == ["robot-maze"])
        );
    }
}
