//! The judging subcommands' options, declared once as groups that clap turns into `--help`,
//! parsing and usage errors (exit code 2): [`RunArgs`] (what runs, under which limits, where),
//! [`TestsArg`], [`BundleArgs`] and [`PackageArgs`] (what the cases and the program are),
//! [`Verdicts`] and [`InteractorArg`] (how answers are judged and shown), [`Report`],
//! [`Header`] and [`Json`] (how the terminal's report is printed) and [`StressArgs`]. Each subcommand
//! (`test`, `stress`, `scale`, `verify`, `answer`, `panel`) flattens exactly the groups it
//! can use, so clap itself refuses an option a mode cannot use, and every rule about which
//! options go together is a clap declaration here (but one, said in `cli.rs`: `stress
//! PROBLEM` needs a program). The modes work from an [`Options`], the subcommand's groups
//! gathered (not a command line of its own).

use std::path::{Path, PathBuf};

use clap::{Args, Parser};

use crate::run::program::shell_quote;
use crate::show::diff::DiffMode;
use crate::show::style::ColorChoice;

/// What runs, under which limits, and the folders it works with.
#[derive(Clone, Debug, Default, Args)]
pub struct RunArgs {
    /// Judge COMMAND instead of our binary (any language): `./a.out`, `'python3 my.py'`. A
    /// command with shell syntax runs via `sh -c`; a case's extra arguments (NAME.args) are
    /// appended. Invalid-input cases are skipped: a foreign program cannot know our messages.
    #[arg(long, value_name = "COMMAND")]
    pub cmd: Option<String>,

    /// `--bundle` (see [`BundleArgs`]; `scale` has none).
    #[arg(skip)]
    pub bundle: bool,

    /// `--outputs` (see [`PackageArgs`]; `test` alone has it).
    #[arg(skip)]
    pub outputs: Option<PathBuf>,

    /// `--testset` (see [`PackageArgs`]; `test` alone has it).
    #[arg(skip)]
    pub testset: Option<String>,

    /// `--tests` (see [`TestsArg`]; `scale` has none).
    #[arg(skip)]
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

    #[command(flatten)]
    pub sandbox: Sandbox,

    /// `--color` (see [`Report`]; `panel` has none).
    #[arg(skip)]
    pub color: ColorChoice,

    /// `--json` (see [`Report`]; `panel` has none).
    #[arg(skip)]
    pub json: bool,

    #[command(flatten)]
    pub places: Places,

    /// `--cmd` built from a source file (`session::source`): the name shown for it, and what
    /// runs.
    #[arg(skip)]
    pub built: Option<(String, crate::run::program::Program)>,
}

/// How judged processes and builds are isolated, and what they are given (`test`, `stress`,
/// `scale`, `verify`).
#[derive(Clone, Debug, Default, Args)]
pub struct Sandbox {
    /// How judged processes (programs, interactors, checkers, builds) are isolated: `auto`
    /// takes unprivileged namespaces, else Landlock with a seccomp filter, else none; the
    /// header names the mechanism in force (with -v, what it enforces and what not).
    #[arg(long, value_name = "HOW", value_enum, default_value_t = crate::run::jail::Isolation::Auto)]
    pub isolation: crate::run::jail::Isolation,

    /// `-v` (see [`Header`]; `panel` prints no header).
    #[arg(skip)]
    pub verbose: bool,

    /// Pass an environment variable to judged programs and builds, which otherwise get only
    /// PATH, HOME and TMPDIR (a private folder), LANG and LC_ALL (C.UTF-8) and PYENV_ROOT,
    /// PYENV_VERSION, VIRTUAL_ENV, JAVA_HOME, RUSTUP_HOME, RUSTUP_TOOLCHAIN and CARGO_HOME
    /// where set (rustup's and cargo's homes also where they are ~/.rustup and ~/.cargo).
    /// `NAME` alone passes the judge's own value. May be repeated.
    #[arg(long, value_name = "NAME[=VALUE]")]
    pub env: Vec<String>,
}

/// How the terminal's report is printed (`test`, `stress`, `scale`, `answer`): not the
/// panel's, whose page shows the verdicts itself, so that `panel` refuses these.
#[derive(Clone, Debug, Default, Args)]
pub struct Report {
    #[command(flatten)]
    pub header: Header,

    /// Colour the verdicts and diffs: `auto` on a terminal unless NO_COLOR is set.
    #[arg(long, value_name = "WHEN", value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,

    #[command(flatten)]
    pub json: Json,
}

/// JSON instead of text (the modes that report: [`Report`]'s and `verify`).
#[derive(Clone, Debug, Default, Args)]
pub struct Json {
    /// Print one JSON object per case (`verify`: per submission) and one summary object, a
    /// line each (exit codes unchanged).
    #[arg(long)]
    pub json: bool,
}

/// The header's length (the modes that print one: [`Report`]'s and `verify`).
#[derive(Clone, Debug, Default, Args)]
pub struct Header {
    /// The header in full: where each limit came from, the wall-clock backstop, the output
    /// and stack limits, how time and memory are accounted, and what the isolation enforces
    /// and leaves open (the header is one short line without it).
    #[arg(short, long)]
    pub verbose: bool,
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

    /// `--bundle-dir` (see [`BundleArgs`]).
    #[arg(skip)]
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

    /// `--interactor` (see [`InteractorArg`]; `stress` has none).
    #[arg(skip)]
    pub interactor: Option<String>,

    /// Run N cases in parallel (1 gives the steadiest times).
    #[arg(short = 'j', long = "jobs", value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub jobs: u32,

    /// On WA: `hunk` shows the lines around the first difference, `full` the whole diff,
    /// `side` the hunk's lines with expected and got side by side (cph's view), numbered.
    #[arg(long, value_name = "WHAT", value_enum, default_value_t = DiffMode::Hunk)]
    pub diff: DiffMode,

    /// Under a failing grid case, draw the maze around where the judge's route and yours
    /// part (colour on a terminal unless NO_COLOR; distinct marks either way). Every failing
    /// grid case also gets a page CASE.html with the whole maze, drawn or not.
    #[arg(long)]
    pub draw: bool,

    /// The drawn window's size, ROWSxCOLS.
    #[arg(long, value_name = "RxC", default_value = "20x60", value_parser = crate::ours::grid::draw::parse_window)]
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

/// The cases of any folder or package (`test`, `stress`).
#[derive(Clone, Debug, Default, Args)]
pub struct TestsArg {
    /// Judge the tests of any folder or package, its format detected and named in the
    /// header (`--help` lists the formats).
    #[arg(long, value_name = "PATH", long_help = tests_help())]
    pub tests: Vec<PathBuf>,
}

/// The formats a folder or package may be in, as the help lists them: each reader of the one
/// table of formats ([`crate::judge::format::READERS`]) by its name and what it looks for,
/// in the order they are asked.
pub fn formats_help() -> String {
    crate::judge::format::READERS
        .iter()
        .map(|r| format!("{} ({})", r.name, r.looks_for))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `--tests`' long help, its formats from [`formats_help`].
fn tests_help() -> String {
    format!(
        "Judge the tests of any folder or package, its format detected and named in the \
         header: the first of these that claims the folder reads it: {}. Cases run in natural \
         order (2 before 10). In a flat folder an input without its answer (one you wrote) \
         runs and shows its output, verdict RAN (not a failure); an answer without its input \
         is warned about and skipped. May be repeated.",
        formats_help()
    )
}

/// Our single-file bundles as the program (`test`, `stress`).
#[derive(Clone, Debug, Default, Args)]
pub struct BundleArgs {
    /// Judge target/bundle/<problem>, the single-file bundle (compiled with rustc from
    /// target/bundle/<problem>.rs when missing or older than it; `bfs-judge bundle` makes it).
    #[arg(long, conflicts_with = "cmd")]
    pub bundle: bool,

    /// Where the bundles are, for --bundle [default: ROOT/target/bundle, where `bfs-judge
    /// bundle` writes them].
    #[arg(long, value_name = "DIR")]
    pub bundle_dir: Option<PathBuf>,
}

/// What only `test` can judge of a package: another testset, or outputs handed in.
#[derive(Clone, Debug, Default, Args)]
pub struct PackageArgs {
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
}

/// An interactor beside the program (`test`).
#[derive(Clone, Debug, Default, Args)]
pub struct InteractorArg {
    /// Interactive problems: run CMD beside the program, testlib's convention: `CMD INPUT
    /// OUTPUT [ANSWER]`, its stdin the program's stdout and its stdout the program's stdin;
    /// exit codes as a checker's (0 AC, 1 WA, 2 PE, 3 failure, 7 points). With
    /// --checker-cmd, the checker then judges the OUTPUT file the interactor wrote. (A
    /// Kattis interactive package needs no option: its output validator is the interactor.)
    #[arg(long, value_name = "CMD")]
    pub interactor: Option<String>,
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
#[command(after_help = format!("\
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

{}

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
has (`true` shows 0.8 to 1.1 MiB). Output: stdout only. Programs and builds run isolated
(--isolation; the header names the mechanism in force, and with -v what it does not enforce).

Comparison is exact except that CRLF/LF, trailing whitespace on a line and trailing blank
lines are ignored. Failing cases keep CASE.got, CASE.expected and CASE.stderr (each at most
1 MiB; stderr keeps its first and last 64 KiB) in the out folder.", crate::run::lang::sources_help()))]
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

    /// Stop at the first case that fails (in case order, whatever -j): the cases after it
    /// are not judged, and the last lines say how many (as cargo test and pytest -x do).
    #[arg(long)]
    pub fail_fast: bool,

    #[command(flatten)]
    pub run: RunArgs,

    #[command(flatten)]
    pub report: Report,

    #[command(flatten)]
    pub tests: TestsArg,

    #[command(flatten)]
    pub bundle: BundleArgs,

    #[command(flatten)]
    pub package: PackageArgs,

    #[command(flatten)]
    pub verdicts: Verdicts,

    #[command(flatten)]
    pub interactor: InteractorArg,
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
    pub run: RunArgs,

    #[command(flatten)]
    pub report: Report,

    #[command(flatten)]
    pub tests: TestsArg,

    #[command(flatten)]
    pub bundle: BundleArgs,

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
    #[arg(long, value_name = "RxC", value_parser = crate::ours::grid::draw::parse_window)]
    pub scale_to: Option<(u32, u32)>,

    #[command(flatten)]
    pub run: RunArgs,

    #[command(flatten)]
    pub report: Report,
}

/// `bfs-judge verify`: the problem setter's check of a package's submissions.
#[derive(Clone, Debug, Args)]
pub struct VerifyCmd {
    /// The package: a problem package or folder with its submissions (`--help` lists the
    /// formats).
    #[arg(value_name = "PACKAGE", long_help = verify_package_help())]
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

    /// Build and judge N submissions in parallel, as problemtools' -j (1 gives the steadiest
    /// times; a derived time limit is set by the accepted ones, judged first).
    #[arg(short = 'j', long = "jobs", value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub jobs: u32,

    #[command(flatten)]
    pub sandbox: Sandbox,

    #[command(flatten)]
    pub header: Header,

    #[command(flatten)]
    pub json: Json,

    #[command(flatten)]
    pub places: Places,
}

/// `verify PACKAGE`'s long help, its formats from [`formats_help`].
fn verify_package_help() -> String {
    format!(
        "The package: a problem package or folder with the submissions it ships, in one of \
         the formats `test --tests` reads (a flat folder ships none): {}.",
        formats_help()
    )
}

/// A judging mode's settings: the groups of the subcommand that asked for it (`test`,
/// `stress`, `scale` or `verify`), gathered for the layers below, which read what they need.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// What to judge: PROBLEM, PROBLEM/CASE or PROBLEM/GLOB among our problems (default:
    /// all); with --tests, CASE or GLOB among that folder's cases.
    pub targets: Vec<String>,
    pub run: RunArgs,
    pub verdicts: Verdicts,
    /// `stress [PROBLEM]`: `Some(None)` with the user's --gen and --brute.
    pub stress: Option<Option<String>>,
    pub stress_args: StressArgs,
    /// `scale PROBLEM`.
    pub scale: Option<String>,
    pub scale_to: Option<(u32, u32)>,
    /// `verify PACKAGE`.
    pub verify: Option<PathBuf>,
    /// `test --fail-fast`: stop at the first case that fails.
    pub fail_fast: bool,
    /// `answer --overwrite`: answer inputs that have an answer again.
    pub answer_overwrite: bool,
    /// The config file `--checker-cmd` came from, when the command line did not give it.
    pub checker_from: Option<PathBuf>,
    /// How the judge was invoked, for the commands it prints (see [`Options::command_for`]).
    pub invoked: Invoked,
}

/// How the commands the judge prints (a `reproduce:` line, the command that judges a
/// shrunk input) name the judge.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Invoked {
    /// As the subcommand form: the executable (`bfs-judge` as found on PATH, else its
    /// absolute path) and the mode's subcommand.
    Command(String),
    /// Through a checkout's `scripts/judge` at this path (it says so in
    /// [`SCRIPT_VARIABLE`]), whose own form has the modes as flags: `scripts/judge --stress`.
    Script(String),
    /// Not said (tests of the layers): `bfs-judge`.
    #[default]
    Unsaid,
}

/// The environment variable `scripts/judge` names itself in, so that the commands the judge
/// prints are the script's own.
pub const SCRIPT_VARIABLE: &str = "BFS_JUDGE_SCRIPT";

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

/// The checkout this binary was built from (`cargo install --locked --path tools` keeps it too).
pub fn built_in_root() -> PathBuf {
    let built_in = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
    built_in.canonicalize().unwrap_or(built_in)
}

/// Cargo's target folder of the checkout `root`: `$CARGO_TARGET_DIR` (relative to the root)
/// where set, else `ROOT/target`.
pub fn target_dir(root: &Path) -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .filter(|t| !t.is_empty())
        .map_or_else(|| root.join("target"), |t| root.join(t))
}

/// Where an installed judge keeps the failing outputs of a contestant's folder:
pub use crate::run::files::cache_dir;

impl Options {
    pub fn dirs(&self) -> Dirs {
        let p = &self.run.places;
        let root = p.root.clone().unwrap_or_else(built_in_root);
        let target = target_dir(&root);
        let bin = p.bin_dir.clone().unwrap_or_else(|| target.join("release"));
        Dirs {
            // Where `bfs-judge bundle` writes them.
            bundle: p
                .bundle_dir
                .clone()
                .unwrap_or_else(|| crate::bundle::bundle_dir(&target)),
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
    /// `bfs-judge stress` for the installed command, `<checkout>/scripts/judge --stress`
    /// through the script.
    pub fn command_for(&self, mode: &str) -> String {
        match &self.invoked {
            Invoked::Command(exe) => format!("{} {mode}", shell_quote(exe)),
            Invoked::Unsaid => format!("bfs-judge {mode}"),
            Invoked::Script(script) => match mode {
                "test" => shell_quote(script),
                _ => format!("{} --{mode}", shell_quote(script)),
            },
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

impl RunArgs {
    /// These options with the cases' and the bundle's groups of a subcommand laid in.
    fn with(mut self, tests: TestsArg, bundle: BundleArgs) -> RunArgs {
        self.tests = tests.tests;
        self.bundle = bundle.bundle;
        self.places.bundle_dir = bundle.bundle_dir;
        self
    }

    /// These options with how the report is printed laid in.
    pub fn reported(mut self, report: Report) -> RunArgs {
        self.color = report.color;
        self.json = report.json.json;
        self.sandbox.verbose = report.header.verbose;
        self
    }
}

impl From<TestCmd> for Options {
    fn from(t: TestCmd) -> Options {
        let mut run = t.run.reported(t.report).with(t.tests, t.bundle);
        run.outputs = t.package.outputs;
        run.testset = t.package.testset;
        let mut verdicts = t.verdicts;
        verdicts.interactor = t.interactor.interactor;
        Options {
            targets: t.targets,
            run,
            verdicts,
            fail_fast: t.fail_fast,
            ..Options::default()
        }
    }
}

impl From<StressCmd> for Options {
    fn from(s: StressCmd) -> Options {
        Options {
            run: s.run.reported(s.report).with(s.tests, s.bundle),
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
        o.verdicts.jobs = v.jobs;
        o.run.places = v.places;
        o.run.sandbox = v.sandbox;
        o.run.sandbox.verbose = v.header.verbose;
        o.run.json = v.json.json;
        o
    }
}

impl From<ScaleCmd> for Options {
    fn from(s: ScaleCmd) -> Options {
        Options {
            run: s.run.reported(s.report),
            scale: Some(s.problem),
            scale_to: s.scale_to,
            ..Options::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn group_defaults_are_clap_defaults() {
        assert_eq!(StressArgs::default().count, 500);
        assert_eq!(Verdicts::default().jobs, 1);
        assert_eq!(Verdicts::default().draw_window, (20, 60));
        assert_eq!(StressArgs::default().gen_time_limit_ms, 10_000);
    }
}
