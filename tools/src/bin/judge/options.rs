//! The judge's options, declared once: clap turns them into `--help`, into parsing, and into
//! usage errors (exit code 2).

use std::path::{Path, PathBuf};

use clap::Parser;

/// An online judge on your own machine: judge a program on our problems' tests
/// (problems/<problem>/tests, all problems when none is named) or on any folder of tests
/// (--tests DIR), one line per case, a summary per problem, and a closing `N passed, N
/// failed`. Exit code 0 when every case is AC, 1 when one is not, 2 on a setup error (a
/// program or checker that cannot run, a bad info.toml, an unknown problem).
#[derive(Clone, Debug, Parser)]
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
  scripts/judge --stress --gen ./gen --brute ./brute --cmd ./a.out [--checker-cmd ./check]

Verdicts: AC, WA (wrong answer), PE (presentation error, from a checker), PTS (partial
points, from a checker), RE (runtime error: a signal or a bad exit code, with the last
stderr line), TLE (time), MLE (memory), OLE (stdout past the output limit).

Time: the limit is on CPU time (user + system, what the case line's `ms cpu` shows), as
judges count it; a program that sleeps or blocks is stopped when the wall clock passes twice
the limit plus a second. --wall-time puts the limit on wall-clock time instead.
Memory: the program's own peak RSS (wait4), which includes a floor of about 1 MiB that any
process has (`true` shows 0.8 to 1.1 MiB).

Comparison is exact except that CRLF/LF, trailing whitespace on a line and trailing blank
lines are ignored. Failing cases keep CASE.got, CASE.expected and CASE.stderr (each at most
1 MiB; stderr keeps its first and last 64 KiB) under target/judge/<problem>/.
Nothing a program starts outlives its case: background, setsid and double-forked
processes are killed with it."
)]
pub struct Options {
    /// What to judge: PROBLEM, PROBLEM/CASE or PROBLEM/GLOB (`'wave/open*'`) among our
    /// problems (default: all); with --tests, CASE or GLOB among that folder's cases.
    #[arg(value_name = "PROBLEM[/CASE]")]
    pub targets: Vec<String>,

    /// Judge the tests of any folder: DIR/NAME.in against DIR/NAME.out (oj's
    /// test/sample-1.in layout works as is); limits from the options, else from
    /// DIR/../info.toml or DIR/info.toml, else the defaults.
    #[arg(long, value_name = "DIR")]
    pub tests: Option<PathBuf>,

    /// Judge COMMAND instead of our binary (any language): `./a.out`, `'python3 my.py'`. A
    /// command with shell syntax runs via `sh -c`; a case's extra arguments (NAME.args) are
    /// appended. Invalid-input cases are skipped: a foreign program cannot know our messages.
    #[arg(long, value_name = "COMMAND")]
    pub cmd: Option<String>,

    /// Judge target/bundle/<problem>, the single-file bundle (compiled with rustc from
    /// target/bundle/<problem>.rs when missing or older than it; scripts/bundle makes it).
    #[arg(long, conflicts_with = "cmd")]
    pub bundle: bool,

    /// Accept any valid optimal answer where the problem has a checker (problems without one
    /// keep the exact comparison).
    #[arg(long)]
    pub checker: bool,

    /// Judge answers with your checker: `CMD INPUT OUTPUT ANSWER`, testlib's exit codes (0
    /// AC, 1 WA, 2 PE, 3 checker failure, 7 points); its message is the case's detail.
    #[arg(long, value_name = "CMD", conflicts_with = "checker")]
    pub checker_cmd: Option<String>,

    /// Run N cases in parallel (1 gives the steadiest times).
    #[arg(short = 'j', long = "jobs", value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub jobs: u32,

    /// Override every problem's time limit (1 ms to a day).
    #[arg(long, value_name = "MS",
          value_parser = clap::value_parser!(u64).range(1..=crate::problem::MAX_TIME_LIMIT_MS))]
    pub time_limit_ms: Option<u64>,

    /// Override every problem's memory limit (the whole process tree's).
    #[arg(long, value_name = "MIB",
          value_parser = clap::value_parser!(u64).range(1..=crate::problem::MAX_MEMORY_LIMIT_MIB))]
    pub memory_limit_mib: Option<u64>,

    /// The output limit on stdout (the program's own files are not limited): past it is OLE
    /// [default: info.toml's output_limit_mib, else 64].
    #[arg(long, value_name = "MIB",
          value_parser = clap::value_parser!(u64).range(0..=crate::problem::MAX_OUTPUT_LIMIT_MIB))]
    pub output_limit_mib: Option<u64>,

    /// Put the time limit on wall-clock time instead of CPU time.
    #[arg(long)]
    pub wall_time: bool,

    /// Stress: compare COMMAND (or --bundle) on random inputs with a trusted answer, stop at
    /// the first disagreement, keep it under target/judge/stress/ and print the commands that
    /// reproduce it. `--stress PROBLEM`: our generator and our binary; `--stress --gen CMD
    /// --brute CMD`: yours (case i runs `CMD SEED+i`; the brute force's answer is expected).
    #[arg(long, value_name = "PROBLEM", num_args = 0..=1, conflicts_with = "targets")]
    pub stress: Option<Option<String>>,

    /// (stress) Your generator: run as `CMD SEED`, the seed appended as its last argument.
    #[arg(long, value_name = "CMD", requires = "brute", requires = "stress")]
    pub gen: Option<String>,

    /// (stress) Your slow-but-sure solution: its answer is the expected one.
    #[arg(long, value_name = "CMD", requires = "gen", requires = "stress")]
    pub brute: Option<String>,

    /// (stress) First seed (default: from the clock); case i uses seed S+i.
    #[arg(long, value_name = "S", requires = "stress")]
    pub seed: Option<u64>,

    /// (stress) Number of cases.
    #[arg(long, value_name = "N", default_value_t = 500, requires = "stress")]
    pub count: u64,

    /// (stress) Generator kind (default: the problem's random kind; `gen --help` lists them).
    #[arg(long, value_name = "K", requires = "stress")]
    pub kind: Option<String>,

    /// (stress) Generator sizes (default: small sizes drawn from each seed).
    #[arg(long = "size", value_name = "N", num_args = 1.., requires = "stress")]
    pub sizes: Vec<String>,

    /// (stress) Extra arguments for both programs, e.g. --args=--path.
    #[arg(
        long,
        value_name = "ARGS",
        allow_hyphen_values = true,
        requires = "stress"
    )]
    pub args: Option<String>,

    /// On WA: `hunk` shows the lines around the first difference, `full` the whole diff.
    #[arg(long, value_name = "WHAT", value_enum, default_value_t = DiffMode::Hunk)]
    pub diff: DiffMode,

    /// Colour the verdicts and diffs: `auto` on a terminal unless NO_COLOR is set.
    #[arg(long, value_name = "WHEN", value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,

    /// Print one JSON object per case and one summary object, a line each (exit codes
    /// unchanged).
    #[arg(long)]
    pub json: bool,
    /// Under a failing grid case, draw the maze around where the judge's route and yours
    /// part (colour on a terminal unless NO_COLOR; distinct marks either way). Every failing
    /// grid case also gets a page CASE.html with the whole maze, drawn or not.
    #[arg(long)]
    pub draw: bool,

    /// (draw) The window's size, ROWSxCOLS.
    #[arg(long, value_name = "RxC", default_value = "20x60", value_parser = crate::draw::parse_window)]
    pub draw_window: (u32, u32),

    /// (stress) After a disagreement, shrink the input while the same kind of disagreement
    /// remains (fewer cases, rows, columns and walls, the marked cells closer); the result
    /// is saved as shrunk.in and the reproduce command judges it.
    #[arg(long, requires = "stress")]
    pub shrink: bool,

    /// Scaling probe: run COMMAND (or ours) on our hardest generator kinds at doubling sizes,
    /// fit time and memory per cell, and predict TLE or MLE at the problem's largest size.
    #[arg(long, value_name = "PROBLEM", conflicts_with_all = ["targets", "stress"])]
    pub scale: Option<String>,

    /// (scale) The size to predict for [default: info.toml's origin maximum, else 4000x4000].
    #[arg(long, value_name = "RxC", value_parser = crate::draw::parse_window, requires = "scale")]
    pub scale_to: Option<(u32, u32)>,

    /// The repository root [default: the checkout this judge was built in].
    #[arg(long, value_name = "DIR")]
    pub root: Option<PathBuf>,

    /// Where our binaries and tools are [default: ROOT/target/release].
    #[arg(long, value_name = "DIR")]
    pub bin_dir: Option<PathBuf>,

    /// (bundle) Where the bundles are [default: BIN_DIR/../bundle, i.e. target/bundle].
    #[arg(long, value_name = "DIR")]
    pub bundle_dir: Option<PathBuf>,

    /// Where the problem folders are [default: ROOT/problems].
    #[arg(long, value_name = "DIR")]
    pub problems_dir: Option<PathBuf>,

    /// Where failing outputs are kept [default: ROOT/target/judge].
    #[arg(long, value_name = "DIR")]
    pub out_dir: Option<PathBuf>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum DiffMode {
    Hunk,
    Full,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
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

impl Options {
    pub fn dirs(&self) -> Dirs {
        let root = self.root.clone().unwrap_or_else(|| {
            let built_in = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
            built_in.canonicalize().unwrap_or(built_in)
        });
        let bin = self
            .bin_dir
            .clone()
            .unwrap_or_else(|| root.join("target/release"));
        Dirs {
            bundle: self
                .bundle_dir
                .clone()
                .unwrap_or_else(|| bin.parent().unwrap_or(Path::new(".")).join("bundle")),
            bin,
            problems: self
                .problems_dir
                .clone()
                .unwrap_or_else(|| root.join("problems")),
            out: self
                .out_dir
                .clone()
                .unwrap_or_else(|| root.join("target/judge")),
            root,
        }
    }

    /// The stress mode's extra arguments, split on whitespace.
    pub fn extra_args(&self) -> Vec<String> {
        self.args
            .as_deref()
            .unwrap_or("")
            .split_whitespace()
            .map(String::from)
            .collect()
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
        assert_eq!(o.sizes, ["3", "4"]);
        assert_eq!(o.extra_args(), ["--path"]);
        assert_eq!(o.jobs, 2);
        assert!(Options::try_parse_from(["judge", "--cmd", "a", "--bundle"]).is_err());
        assert!(Options::try_parse_from(["judge", "-j", "0"]).is_err());
        assert!(Options::try_parse_from(["judge", "--seed", "1"]).is_err());
        assert!(Options::try_parse_from(["judge", "--stress", "a", "b"]).is_err());
        let o = Options::try_parse_from([
            "judge", "--stress", "--gen", "./g", "--brute", "./b", "--cmd", "./a",
        ])
        .unwrap();
        assert_eq!((o.stress, o.gen.as_deref()), (Some(None), Some("./g")));
        assert!(Options::try_parse_from(["judge", "--stress", "--gen", "./g"]).is_err());
        assert!(Options::try_parse_from(["judge", "--checker", "--checker-cmd", "c"]).is_err());
    }
}
