//! The judging modes' options, declared once as groups that clap turns into `--help`,
//! parsing and usage errors (exit code 2): [`Run`] (what runs, under which limits, where),
//! [`Verdicts`] (how answers are judged and shown) and [`StressArgs`]. The `test`,
//! `stress` and `scale` subcommands flatten the groups they use; [`Options`], the flat
//! command line that `scripts/judge` has always taken, flattens them all. Every mode works
//! from an [`Options`], whichever command line it came from.

use std::path::{Path, PathBuf};

use clap::{ArgMatches, Args, Command, Parser};

use crate::run::program::shell_quote;
use crate::show::diff::DiffMode;
use crate::show::style::ColorChoice;

/// What runs, under which limits, and the folders it works with.
#[derive(Clone, Debug, Default, Args)]
pub struct Run {
    /// Judge COMMAND instead of our binary (any language): `./a.out`, `'python3 my.py'`. A
    /// command with shell syntax runs via `sh -c`; a case's extra arguments (NAME.args) are
    /// appended. Invalid-input cases are skipped: a foreign program cannot know our messages.
    #[arg(long, value_name = "COMMAND")]
    pub cmd: Option<String>,

    /// Judge target/bundle/<problem>, the single-file bundle (compiled with rustc from
    /// target/bundle/<problem>.rs when missing or older than it; `bfs-judge bundle` makes it).
    #[arg(long, conflicts_with = "cmd")]
    pub bundle: bool,

    /// An output-only task (a CMS OutputOnly task, an italy_yaml `output_only: true` one):
    /// judge the outputs handed in instead of a program's, from DIR, which holds
    /// `output_NAME.txt` for each case as CMS names them (`output_000.txt`). A missing file
    /// is that case's WA; nothing runs. Needs one --tests package.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["cmd", "bundle"])]
    pub outputs: Option<PathBuf>,

    /// A Polygon package's testset to judge (`pretests`) [default: tests]; an unknown name
    /// lists the testsets there. The header names the one read.
    #[arg(long, value_name = "NAME")]
    pub testset: Option<String>,

    /// Judge the tests of any folder or package, its layout detected and named in the
    /// header: a flat folder (NAME.in with NAME.out or NAME.ans, oj's test/), in/ + out/
    /// (Library Checker, with its info.toml, checker and verifier; AtCoder's .txt), a
    /// Kattis/ICPC package (problem.yaml, data/sample, data/secret and groups, its output
    /// validator), or a DMOJ problem (init.yml: its cases and batches, read from its archive
    /// zip without unpacking it, and its named checker). Cases run in natural order (2 before 10); an input without its answer,
    /// or an answer without its input, is warned about and skipped. May be repeated.
    #[arg(long, value_name = "PATH")]
    pub tests: Vec<PathBuf>,

    /// Override every problem's time limit (1 ms to a day).
    #[arg(long, value_name = "MS",
          value_parser = clap::value_parser!(u64).range(1..=crate::judge::problem::MAX_TIME_LIMIT_MS))]
    pub time_limit_ms: Option<u64>,

    /// Multiply the time limit in force (the problem's, one derived from a package's accepted
    /// submissions, or the default) by F, for a machine slower than the one it was set on:
    /// 2.5 gives 2.5 s for 1 s. The header says the limit and where it came from.
    #[arg(long, value_name = "F", conflicts_with = "time_limit_ms", value_parser = parse_factor)]
    pub time_limit_factor: Option<f64>,

    /// Override every problem's memory limit (the whole process tree's).
    #[arg(long, value_name = "MIB",
          value_parser = clap::value_parser!(u64).range(1..=crate::judge::problem::MAX_MEMORY_LIMIT_MIB))]
    pub memory_limit_mib: Option<u64>,

    /// The output limit on stdout (the program's own files are not limited): past it is OLE
    /// [default: info.toml's output_limit_mib, else 64].
    #[arg(long, value_name = "MIB",
          value_parser = clap::value_parser!(u64).range(0..=crate::judge::problem::MAX_OUTPUT_LIMIT_MIB))]
    pub output_limit_mib: Option<u64>,

    /// Put the time limit on wall-clock time instead of CPU time.
    #[arg(long)]
    pub wall_time: bool,

    /// The stack limit of every judged process [default: info.toml's stack_limit_mib, else
    /// the memory limit, as on Kattis and Codeforces].
    #[arg(long, value_name = "MIB",
          value_parser = clap::value_parser!(u64).range(1..=crate::judge::problem::MAX_MEMORY_LIMIT_MIB))]
    pub stack_limit_mib: Option<u64>,

    /// How judged processes (programs, interactors, checkers) are isolated: `auto` takes
    /// unprivileged namespaces, else Landlock with a seccomp filter, else none; the header
    /// names the mechanism in force and what it does not enforce.
    #[arg(long, value_name = "HOW", value_enum, default_value_t = crate::run::jail::Isolation::Auto)]
    pub isolation: crate::run::jail::Isolation,

    /// Pass an environment variable to judged programs and builds, which otherwise get only
    /// PATH, HOME and TMPDIR (a private folder), LANG and LC_ALL (C.UTF-8) and PYENV_ROOT,
    /// PYENV_VERSION, VIRTUAL_ENV, JAVA_HOME, RUSTUP_HOME, RUSTUP_TOOLCHAIN and CARGO_HOME
    /// where set (rustup's and cargo's homes also where they are ~/.rustup and ~/.cargo).
    /// `NAME` alone passes the judge's own value. May be repeated.
    #[arg(long, value_name = "NAME[=VALUE]")]
    pub env: Vec<String>,

    /// Colour the verdicts and diffs: `auto` on a terminal unless NO_COLOR is set.
    #[arg(long, value_name = "WHEN", value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,

    /// Print one JSON object per case and one summary object, a line each (exit codes
    /// unchanged).
    #[arg(long)]
    pub json: bool,

    #[command(flatten)]
    pub places: Places,

    /// `--cmd` built from a source file (`modes::source`): the name shown for it, and what
    /// runs.
    #[arg(skip)]
    pub built: Option<(String, crate::run::program::Program)>,
}

/// Where the judge finds our problems and binaries, and keeps failing outputs.
#[derive(Clone, Debug, Default, Args)]
pub struct Places {
    /// The repository root [default: the checkout this judge was built in].
    #[arg(long, value_name = "DIR")]
    pub root: Option<PathBuf>,

    /// Where our binaries are [default: ROOT/target/release, or $CARGO_TARGET_DIR/release].
    #[arg(long, value_name = "DIR")]
    pub bin_dir: Option<PathBuf>,

    /// Where the bundles are, for --bundle [default: BIN_DIR/../bundle, i.e. target/bundle].
    #[arg(long, value_name = "DIR")]
    pub bundle_dir: Option<PathBuf>,

    /// Where the problem folders are [default: ROOT/problems].
    #[arg(long, value_name = "DIR")]
    pub problems_dir: Option<PathBuf>,

    /// Where failing outputs are kept [default: ROOT/target/judge for our problems; for a
    /// folder of tests, $XDG_CACHE_HOME/bfs-judge, else ~/.cache/bfs-judge].
    #[arg(long, value_name = "DIR")]
    pub out_dir: Option<PathBuf>,
}

/// How answers are judged, and what a failing case shows.
#[derive(Clone, Debug, Args)]
pub struct Verdicts {
    /// Accept any valid optimal answer where the problem has a checker (problems without one
    /// keep the exact comparison).
    #[arg(long)]
    pub checker: bool,

    /// Judge answers with your checker: `CMD INPUT OUTPUT ANSWER`, testlib's exit codes (0
    /// AC, 1 WA, 2 PE, 3 checker failure, 7 points); its message is the case's detail.
    #[arg(long, value_name = "CMD", conflicts_with = "checker")]
    pub checker_cmd: Option<String>,

    /// Compare answers by `lines` (the default for folders) or by `tokens` (Kattis' default
    /// validator: any whitespace between tokens, case-insensitive).
    #[arg(long, value_name = "HOW", value_enum)]
    pub compare: Option<CompareMode>,

    /// Accept a number within EPS of the answer's, absolute or relative (either suffices),
    /// in any format (`3.14e-2` for `0.0314`), as oj's -e and Kattis' float_tolerance do;
    /// implies --compare tokens.
    #[arg(long, value_name = "EPS", value_parser = parse_eps)]
    pub float_tolerance: Option<f64>,

    /// Interactive problems: run CMD beside the program, testlib's convention: `CMD INPUT
    /// OUTPUT [ANSWER]`, its stdin the program's stdout and its stdout the program's stdin;
    /// exit codes as a checker's (0 AC, 1 WA, 2 PE, 3 failure, 7 points). With
    /// --checker-cmd, the checker then judges the OUTPUT file the interactor wrote. (A
    /// Kattis interactive package needs no option: its output validator is the interactor.)
    #[arg(long, value_name = "CMD")]
    pub interactor: Option<String>,

    /// Run N cases in parallel (1 gives the steadiest times).
    #[arg(short = 'j', long = "jobs", value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub jobs: u32,

    /// On WA: `hunk` shows the lines around the first difference, `full` the whole diff.
    #[arg(long, value_name = "WHAT", value_enum, default_value_t = DiffMode::Hunk)]
    pub diff: DiffMode,

    /// Under a failing grid case, draw the maze around where the judge's route and yours
    /// part (colour on a terminal unless NO_COLOR; distinct marks either way). Every failing
    /// grid case also gets a page CASE.html with the whole maze, drawn or not.
    #[arg(long)]
    pub draw: bool,

    /// The drawn window's size, ROWSxCOLS.
    #[arg(long, value_name = "RxC", default_value = "20x60", value_parser = crate::show::draw::parse_window)]
    pub draw_window: (u32, u32),
}

impl Verdicts {
    /// The drawn window's size under `--draw`, else `None`.
    pub fn window(&self) -> Option<(u32, u32)> {
        self.draw.then_some(self.draw_window)
    }
}

impl Default for Verdicts {
    fn default() -> Verdicts {
        defaults::<Verdicts>()
    }
}

/// The stress mode's own options.
#[derive(Clone, Debug, Args)]
pub struct StressArgs {
    /// Your generator: run as `CMD SEED`, the seed appended as its last argument.
    #[arg(long, value_name = "CMD", requires = "brute")]
    pub gen: Option<String>,

    /// Your slow-but-sure solution: its answer is the expected one.
    #[arg(long, value_name = "CMD", requires = "gen")]
    pub brute: Option<String>,

    /// First seed (default: from the clock); case i uses seed S+i.
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,

    /// Number of cases.
    #[arg(long, value_name = "N", default_value_t = 500)]
    pub count: u64,

    /// Generator kind (default: the problem's random kind; `bfs-judge gen --help` lists them).
    #[arg(long, value_name = "K")]
    pub kind: Option<String>,

    /// Generator sizes (default: small sizes drawn from each seed).
    #[arg(long = "size", value_name = "N", num_args = 1..)]
    pub sizes: Vec<String>,

    /// Extra arguments for both programs, e.g. --args=--path.
    #[arg(long, value_name = "ARGS", allow_hyphen_values = true)]
    pub args: Option<String>,

    /// After a disagreement, shrink the input while the same kind of disagreement remains
    /// (fewer cases, rows, columns and walls, the marked cells closer); the result is saved
    /// as shrunk.in and the reproduce command judges it.
    #[arg(long)]
    pub shrink: bool,

    /// The brute force's time limit (and our binary's, where it gives the answers) [default:
    /// 5 times the time limit]: a slow-but-sure program may be slow, and past it the run stops
    /// blaming it, not your solution.
    #[arg(long, value_name = "MS",
          value_parser = clap::value_parser!(u64).range(1..=crate::judge::problem::MAX_TIME_LIMIT_MS))]
    pub brute_time_limit_ms: Option<u64>,

    /// The generator's time limit, CPU time.
    #[arg(long, value_name = "MS", default_value_t = 10_000,
          value_parser = clap::value_parser!(u64).range(1..=crate::judge::problem::MAX_TIME_LIMIT_MS))]
    pub gen_time_limit_ms: u64,

    /// Only keep inputs this validator accepts while shrinking: input on stdin, exit code 0
    /// (testlib) or 42 (Kattis). A --tests package's own (Kattis input_validators/, Library
    /// Checker's verifier) is used without this option.
    #[arg(long, value_name = "CMD")]
    pub validator: Option<String>,
}

impl Default for StressArgs {
    fn default() -> StressArgs {
        defaults::<StressArgs>()
    }
}

impl StressArgs {
    /// Whether any option of the group was given (the flat command line needs `--stress`).
    fn any_given(&self) -> bool {
        self.gen.is_some()
            || self.brute.is_some()
            || self.seed.is_some()
            || self.count != StressArgs::default().count
            || self.kind.is_some()
            || !self.sizes.is_empty()
            || self.args.is_some()
            || self.shrink
            || self.validator.is_some()
            || self.brute_time_limit_ms.is_some()
            || self.gen_time_limit_ms != StressArgs::default().gen_time_limit_ms
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum CompareMode {
    Lines,
    Tokens,
}

fn parse_eps(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(x) if x >= 0.0 && x.is_finite() => Ok(x),
        _ => Err(format!(
            "expected a non-negative number such as 1e-6, found `{s}`"
        )),
    }
}

/// A time limit factor: a number from 0.01 to 100.
fn parse_factor(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(x) if (0.01..=100.0).contains(&x) => Ok(x),
        _ => Err(format!(
            "expected a factor from 0.01 to 100 such as 2.5, found `{s}`"
        )),
    }
}

/// A group's values when none of its options is given.
fn defaults<T: Args>() -> T {
    #[derive(Parser)]
    struct Only<T: Args> {
        #[command(flatten)]
        group: T,
    }
    Only::<T>::parse_from(["defaults"]).group
}

/// `bfs-judge test`: judge a program on test cases.
#[derive(Clone, Debug, Args)]
#[command(after_help = "\
Examples:
  bfs-judge test main.cpp                        in a folder with tests/: build and judge
  bfs-judge test main.cpp 1 'sample*'            some of its cases, by name or glob
  bfs-judge test main.py --watch                 judge again whenever main.py or tests/ change
  bfs-judge test                                 every problem, our binaries (what CI runs)
  bfs-judge test --cmd ./a.out robot-maze        your program on one of our problems
  bfs-judge test --cmd ./a.out 'wave/open*'      some cases, by name or glob
  bfs-judge test --cmd ./a.out                   in a folder holding tests/ or test/ (NAME.in,
                                                 NAME.out), or a problem `listen` received
  bfs-judge test --tests test --cmd ./a.out --checker-cmd ./check
  bfs-judge test --tests shortest_path --cmd ./a.out   a Library Checker folder, its checker
  bfs-judge test --tests hello --cmd 'python3 a.py'    a Kattis package, its validator
  bfs-judge test --tests t --cmd ./a.out --float-tolerance 1e-6
  bfs-judge test --tests t --cmd ./a.out --interactor ./interactor

Source files (a first argument, or --cmd naming one file) are built by their extension into
the cache (rebuilt only when the source or the commands change; a compile error is CE and
judges nothing): .c gcc -std=gnu17 -O2 -lm; .cpp .cc .cxx g++ -std=gnu++20 -O2;
.rs rustc --edition 2021 -O; .py python3 (a syntax check first); .java javac, java -Xss64m;
.kt kotlinc; .go go build. ONLINE_JUDGE is not defined. Your own commands: [lang.cpp] build =
\"g++ -std=gnu++17 -O2 -o {exe} {src}\" (also run, extensions) in
~/.config/bfs-judge/config.toml or a .bfs-judge.toml in this folder or above.

File I/O problems (info.toml's input_file / output_file, or received so): the program runs in
a private folder holding the input file, and the output file it leaves there is judged.

Verdicts: AC, WA (wrong answer), PE (presentation error, from a checker), PTS (partial
points, from a checker), RE (runtime error: a signal or a bad exit code, with the last
stderr line), TLE (time), MLE (memory), OLE (stdout past the output limit).

Limits hold for the whole process tree (every process the program starts, waited for or not,
inside shells too), accounted from /proc. Time: the limit is on CPU time (user + system,
what the case line's `ms cpu` shows), as judges count it; a program that sleeps or blocks is
stopped when the wall clock passes twice the limit plus a second. --wall-time puts the limit
on wall-clock time instead. Memory: the tree's proportional set sizes (shared pages once), at
least its largest process's peak RSS, which includes a floor of about 1 MiB that any process
has (`true` shows 0.8 to 1.1 MiB). Output: stdout only. Not a security sandbox: a program
can read and write what your user can.

Comparison is exact except that CRLF/LF, trailing whitespace on a line and trailing blank
lines are ignored. Failing cases keep CASE.got, CASE.expected and CASE.stderr (each at most
1 MiB; stderr keeps its first and last 64 KiB) in the out folder.")]
pub struct TestCmd {
    /// What to judge: first, optionally, a SOURCE file to build and judge (`main.cpp`); then
    /// in a folder with tests/ or test/ (or with --tests), CASE or GLOB among its cases;
    /// elsewhere PROBLEM, PROBLEM/CASE or PROBLEM/GLOB (`'wave/open*'`) among our problems
    /// (default: all).
    #[arg(value_name = "[SOURCE] PROBLEM[/CASE]")]
    pub targets: Vec<String>,

    /// After judging, wait for the source (or the tests, the program, info.toml) to change,
    /// then build and judge again, a line heading each round; Ctrl-C ends it.
    #[arg(long)]
    pub watch: bool,

    #[command(flatten)]
    pub run: Run,

    #[command(flatten)]
    pub verdicts: Verdicts,
}

/// `bfs-judge stress`: random cases against a trusted answer.
#[derive(Clone, Debug, Args)]
#[command(after_help = "\
Examples:
  bfs-judge stress robot-maze --cmd ./a.out --shrink --draw
  bfs-judge stress --gen ./gen --brute ./brute --cmd ./a.out [--checker-cmd ./check]")]
pub struct StressCmd {
    /// One of our problems (our generator and our binary); without it, --gen and --brute.
    #[arg(value_name = "PROBLEM")]
    pub problem: Option<String>,

    #[command(flatten)]
    pub stress: StressArgs,

    #[command(flatten)]
    pub run: Run,

    #[command(flatten)]
    pub verdicts: Verdicts,
}

/// `bfs-judge scale`: time and memory against the maze's size.
#[derive(Clone, Debug, Args)]
pub struct ScaleCmd {
    /// One of our grid problems.
    #[arg(value_name = "PROBLEM")]
    pub problem: String,

    /// The size to predict for [default: info.toml's origin maximum, else 4000x4000].
    #[arg(long, value_name = "RxC", value_parser = crate::show::draw::parse_window)]
    pub scale_to: Option<(u32, u32)>,

    #[command(flatten)]
    pub run: Run,
}

/// `bfs-judge verify`: the problem setter's check of a package's submissions.
#[derive(Clone, Debug, Args)]
pub struct VerifyCmd {
    /// The package: a Kattis/ICPC problem package, or a Library Checker problem folder
    /// after its generate.py.
    #[arg(value_name = "PACKAGE")]
    pub package: PathBuf,

    /// Judge with this time limit instead of the package's (or the one derived from its
    /// accepted submissions).
    #[arg(long, value_name = "MS",
          value_parser = clap::value_parser!(u64).range(1..=crate::judge::problem::MAX_TIME_LIMIT_MS))]
    pub time_limit_ms: Option<u64>,

    /// Multiply the package's time limit (or the one derived from its accepted submissions,
    /// or the default) by F, for a machine slower than the one it was set on.
    #[arg(long, value_name = "F", conflicts_with = "time_limit_ms", value_parser = parse_factor)]
    pub time_limit_factor: Option<f64>,

    /// Judge with this memory limit instead of the package's.
    #[arg(long, value_name = "MIB")]
    pub memory_limit_mib: Option<u64>,

    #[command(flatten)]
    pub places: Places,
}

/// The options a subcommand's flattened groups bring that the subcommand cannot use, by
/// their clap ids: [`shape`] hides them from its `--help` and [`reject_unusable`] refuses
/// them as clap refuses an unknown option. A new option a mode cannot use is one entry here.
pub const UNUSABLE: &[(&str, &[&str])] = &[
    // A stress run has no interactor: its reference and the candidate both write answers;
    // nor outputs handed in: its inputs are made as it runs.
    ("stress", &["interactor", "outputs", "testset"]),
    // The probe runs a program on our generator's mazes: no folder of tests, no bundle.
    (
        "scale",
        &["tests", "bundle", "bundle_dir", "outputs", "testset"],
    ),
    // verify builds the package's own submissions.
    ("verify", &["bundle_dir"]),
];

/// `cli`'s command with each subcommand's unusable options hidden.
pub fn shape(mut cli: Command) -> Command {
    for (mode, ids) in UNUSABLE {
        cli = cli.mut_subcommand(*mode, |mut c| {
            for id in *ids {
                c = c.mut_arg(*id, |a| a.hide(true));
            }
            c
        });
    }
    cli
}

/// Refuses an option given to a subcommand that cannot use it (see [`UNUSABLE`]), as clap
/// refuses an unknown one (exit code 2).
pub fn reject_unusable(cli: &mut Command, matches: &ArgMatches) -> Result<(), clap::Error> {
    let Some((mode, sub)) = matches.subcommand() else {
        return Ok(());
    };
    let Some((_, ids)) = UNUSABLE.iter().find(|(m, _)| *m == mode) else {
        return Ok(());
    };
    for id in *ids {
        if sub.value_source(id) == Some(clap::parser::ValueSource::CommandLine) {
            let flag = format!("--{}", id.replace('_', "-"));
            let message = format!("`bfs-judge {mode}` takes no {flag}: it cannot use it");
            let kind = clap::error::ErrorKind::UnknownArgument;
            return Err(match cli.find_subcommand_mut(mode) {
                Some(sub) => sub.error(kind, message),
                None => cli.error(kind, message),
            });
        }
    }
    Ok(())
}

/// The flat command line `scripts/judge` takes: every mode's options on one command, the
/// mode chosen by `--stress` or `--scale`.
#[derive(Clone, Debug, Default, Parser)]
#[command(
    name = "scripts/judge",
    bin_name = "scripts/judge",
    after_help = "\
Examples:
  scripts/judge                                   every problem, our binaries (what CI runs)
  scripts/judge --cmd ./a.out robot-maze          your program on one of our problems
  scripts/judge --cmd ./a.out 'wave/open*'        some cases, by name or glob
  scripts/judge --tests test --cmd ./a.out        your own folder: test/NAME.in + NAME.out
  scripts/judge --tests test --cmd ./a.out --checker-cmd ./check
  scripts/judge --tests shortest_path --cmd ./a.out   a Library Checker folder (its checker)
  scripts/judge --tests hello --cmd 'python3 a.py'    a Kattis package (its validator, groups)
  scripts/judge --tests t --cmd ./a.out --float-tolerance 1e-6
  scripts/judge --tests t --cmd ./a.out --interactor ./interactor
  scripts/judge --verify path/to/package              every submission's expected verdict
  scripts/judge --stress --gen ./gen --brute ./brute --cmd ./a.out [--checker-cmd ./check]

scripts/judge is `bfs-judge` with the modes as flags: `scripts/judge --stress P ...` is
`bfs-judge stress P ...`, `--scale P` is `bfs-judge scale P`, anything else `bfs-judge test`.
`bfs-judge test --help` explains the verdicts, the time and the memory measured.
Nothing a program starts outlives its case: background, setsid, double-forked and
group-leaving processes are killed with it, and no program can hang the judge."
)]
pub struct Options {
    /// What to judge: PROBLEM, PROBLEM/CASE or PROBLEM/GLOB (`'wave/open*'`) among our
    /// problems (default: all); with --tests, CASE or GLOB among that folder's cases.
    #[arg(value_name = "PROBLEM[/CASE]")]
    pub targets: Vec<String>,

    #[command(flatten)]
    pub run: Run,

    #[command(flatten)]
    pub verdicts: Verdicts,

    /// Stress: compare COMMAND (or --bundle) on random inputs with a trusted answer, stop at
    /// the first disagreement, keep it under OUT_DIR/stress/ and print the commands that
    /// reproduce it. `--stress PROBLEM`: our generator and our binary; `--stress --gen CMD
    /// --brute CMD`: yours (case i runs `CMD SEED+i`; the brute force's answer is expected).
    #[arg(long, value_name = "PROBLEM", num_args = 0..=1, conflicts_with = "targets")]
    pub stress: Option<Option<String>>,

    #[command(flatten, next_help_heading = "Stress (with --stress)")]
    pub stress_args: StressArgs,

    /// Scaling probe: run COMMAND (or ours) on our hardest generator kinds at doubling sizes,
    /// fit time and memory per cell, and predict TLE or MLE at the problem's largest size.
    #[arg(long, value_name = "PROBLEM", conflicts_with_all = ["targets", "stress"],
          help_heading = "Scale (with --scale)")]
    pub scale: Option<String>,

    /// The size to predict for [default: info.toml's origin maximum, else 4000x4000].
    #[arg(long, value_name = "RxC", value_parser = crate::show::draw::parse_window, requires = "scale",
          help_heading = "Scale (with --scale)")]
    pub scale_to: Option<(u32, u32)>,

    /// The problem setter's check (`bfs-judge verify`): build and judge every submission
    /// PACKAGE lists (submissions/<verdict>/ of a Kattis package, sol/ and [[solutions]] of
    /// a Library Checker folder), one line each: expected and actual verdict, and the case
    /// that decided it. Exit 0 when every submission that could be built got its expected
    /// verdict (`bfs-judge verify --help` lists the languages and their commands).
    #[arg(long, value_name = "PACKAGE", conflicts_with_all = ["targets", "stress", "scale", "cmd", "tests", "outputs"])]
    pub verify: Option<PathBuf>,

    /// How the judge was invoked, for the commands it prints: the subcommand form's
    /// executable (`bfs-judge` as found on PATH, else its absolute path), or `None` for the
    /// flat form, whose commands name the checkout's `scripts/judge`.
    #[arg(skip)]
    pub invoked: Option<String>,
}

/// The folders a run works with, defaults resolved.
#[derive(Clone, Debug)]
pub struct Dirs {
    pub bin: PathBuf,
    pub problems: PathBuf,
    pub out: PathBuf,
    /// Where `--bundle` finds the bundles.
    pub bundle: PathBuf,
    /// The repository root, for the commands the judge prints.
    pub root: PathBuf,
}

/// The checkout this binary was built from (`cargo install --path tools` keeps it too).
pub fn built_in_root() -> PathBuf {
    let built_in = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
    built_in.canonicalize().unwrap_or(built_in)
}

/// Where an installed judge keeps the failing outputs of a contestant's folder:
pub use crate::run::files::cache_dir;

impl Options {
    /// The flat command line's own rule, beyond what clap checks: the stress options need
    /// `--stress`.
    pub fn check(&self) -> Result<(), String> {
        if self.stress.is_none() && self.stress_args.any_given() {
            return Err(
                "the stress options (--gen, --brute, --seed, --count, --kind, --size, \
                        --args, --shrink) need --stress"
                    .to_string(),
            );
        }
        if self.stress.is_some() && self.verdicts.interactor.is_some() {
            return Err("--stress takes no --interactor: it cannot use it".to_string());
        }
        if self.run.outputs.is_some() && (self.stress.is_some() || self.scale.is_some()) {
            return Err(
                "--outputs judges the outputs handed in for a package's cases: --stress and \
                 --scale cannot use it"
                    .to_string(),
            );
        }
        if self.run.testset.is_some() && (self.stress.is_some() || self.scale.is_some()) {
            return Err(
                "--testset chooses the cases `test` judges: --stress and --scale \
                        cannot use it"
                    .to_string(),
            );
        }
        if self.scale.is_some() && (self.run.bundle || !self.run.tests.is_empty()) {
            return Err(
                "--scale takes no --tests or --bundle: it runs on our generator's mazes".into(),
            );
        }
        if self.stress.is_some() && self.run.cmd.is_none() && !self.run.bundle {
            return Err("--stress needs --cmd COMMAND (or --bundle) to compare with ours".into());
        }
        Ok(())
    }

    pub fn dirs(&self) -> Dirs {
        let p = &self.run.places;
        let root = p.root.clone().unwrap_or_else(built_in_root);
        // Cargo's own target folder: `$CARGO_TARGET_DIR` (relative to the root) where set.
        let target = std::env::var_os("CARGO_TARGET_DIR")
            .filter(|t| !t.is_empty())
            .map_or_else(|| root.join("target"), |t| root.join(t));
        let bin = p.bin_dir.clone().unwrap_or_else(|| target.join("release"));
        Dirs {
            bundle: p
                .bundle_dir
                .clone()
                .unwrap_or_else(|| bin.parent().unwrap_or(Path::new(".")).join("bundle")),
            bin,
            problems: p
                .problems_dir
                .clone()
                .unwrap_or_else(|| root.join("problems")),
            out: p.out_dir.clone().unwrap_or_else(|| {
                // Our problems' cases stay in the checkout; a contestant's (a folder of
                // tests, a package, a generator and brute force of theirs) in the cache.
                let own_stress = matches!(self.stress, Some(None));
                if self.run.tests.is_empty() && self.verify.is_none() && !own_stress {
                    target.join("judge")
                } else {
                    cache_dir()
                }
            }),
            root,
        }
    }

    /// The command that runs `mode` (`test` or `stress`) as this judge was invoked:
    /// `bfs-judge stress` for the installed command, `<checkout>/scripts/judge --stress` for
    /// the flat form.
    pub fn command_for(&self, mode: &str) -> String {
        match &self.invoked {
            Some(exe) => format!("{} {mode}", shell_quote(exe)),
            None => {
                let judge =
                    shell_quote(&self.dirs().root.join("scripts/judge").display().to_string());
                match mode {
                    "test" => judge,
                    _ => format!("{judge} --{mode}"),
                }
            }
        }
    }

    /// The stress mode's extra arguments, split on whitespace.
    pub fn extra_args(&self) -> Vec<String> {
        self.stress_args
            .args
            .as_deref()
            .unwrap_or("")
            .split_whitespace()
            .map(String::from)
            .collect()
    }
}

impl From<TestCmd> for Options {
    fn from(t: TestCmd) -> Options {
        Options {
            targets: t.targets,
            run: t.run,
            verdicts: t.verdicts,
            ..Options::default()
        }
    }
}

impl From<StressCmd> for Options {
    fn from(s: StressCmd) -> Options {
        Options {
            run: s.run,
            verdicts: s.verdicts,
            stress: Some(s.problem),
            stress_args: s.stress,
            ..Options::default()
        }
    }
}

impl From<VerifyCmd> for Options {
    fn from(v: VerifyCmd) -> Options {
        let mut o = Options {
            verify: Some(v.package),
            ..Options::default()
        };
        o.run.time_limit_ms = v.time_limit_ms;
        o.run.time_limit_factor = v.time_limit_factor;
        o.run.memory_limit_mib = v.memory_limit_mib;
        o.run.places = v.places;
        o
    }
}

impl From<ScaleCmd> for Options {
    fn from(s: ScaleCmd) -> Options {
        Options {
            run: s.run,
            scale: Some(s.problem),
            scale_to: s.scale_to,
            ..Options::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_declaration_is_consistent() {
        Options::command().debug_assert();
    }

    #[test]
    fn group_defaults_are_clap_defaults() {
        assert_eq!(StressArgs::default().count, 500);
        assert_eq!(Verdicts::default().jobs, 1);
        assert_eq!(Verdicts::default().draw_window, (20, 60));
        assert_eq!(StressArgs::default().gen_time_limit_ms, 10_000);
    }

    #[test]
    fn options_parse_as_documented() {
        let o = Options::try_parse_from([
            "judge",
            "--stress",
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
        assert_eq!(o.stress, Some(Some("chase".to_string())));
        assert_eq!(o.stress_args.sizes, ["3", "4"]);
        assert_eq!(o.extra_args(), ["--path"]);
        assert_eq!(o.verdicts.jobs, 2);
        assert!(o.check().is_ok());
        assert!(Options::try_parse_from(["judge", "--cmd", "a", "--bundle"]).is_err());
        assert!(Options::try_parse_from(["judge", "-j", "0"]).is_err());
        let lone_seed = Options::try_parse_from(["judge", "--seed", "1"]).unwrap();
        assert!(lone_seed.check().is_err());
        assert!(Options::try_parse_from(["judge", "--stress", "a", "b"]).is_err());
        let o = Options::try_parse_from([
            "judge", "--stress", "--gen", "./g", "--brute", "./b", "--cmd", "./a",
        ])
        .unwrap();
        assert_eq!(
            (o.stress, o.stress_args.gen.as_deref()),
            (Some(None), Some("./g"))
        );
        assert!(Options::try_parse_from(["judge", "--stress", "--gen", "./g"]).is_err());
        assert!(Options::try_parse_from(["judge", "--checker", "--checker-cmd", "c"]).is_err());
        let no_cmd = Options::try_parse_from(["judge", "--stress", "chase"]).unwrap();
        assert!(no_cmd.check().is_err());
    }
}
