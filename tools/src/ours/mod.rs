//! What is particular to our five problems, behind one trait ([`Ours`]) and a registry
//! ([`ALL`], [`find`]). One file per problem (`robot_maze`, `chase`, `wave`, `swap_game`,
//! `pushing_boxes`) answers what the judge and the modes ask of it: its checker, its
//! generator and the shapes `stress` and `--scale` give it, its traced reference search
//! (`bfs-judge show`, a failing case's page), how its inputs shrink (`stress --shrink`); the
//! three grid problems are data, a `grid::GridProblem` each. What several share sits beside
//! them: `grid` (the maze problems' `Ours`, drawing, page and reductions), `search` (the
//! traced searches and the page that replays them), `shrink` (the greedy loop of
//! reductions), `explain` (what a failing case shows beyond its verdict, the judge's
//! `Explain`), `template` (filling a page).
//!
//! The problems themselves are the library's (`bfs_judge::<problem>`, its checkers in
//! `bfs_judge::check`, its generators in `bfs_judge::gen`): nothing here solves, checks or
//! generates on its own, and the modes ask the registry, never a name. A sixth problem of
//! ours is its library module, one file here (a `GridProblem` static, or a type that
//! implements [`Ours`]), and one line in [`ALL`]. Nothing here runs a program or prints;
//! `explain` writes a failing case's pages.

pub mod chase;
pub mod explain;
pub mod grid;
pub mod pushing_boxes;
pub mod robot_maze;
pub mod search;
pub mod shrink;
pub mod swap_game;
mod template;
pub mod wave;

use std::fmt;

use bfs_judge::check::tie::Check;
use bfs_judge::check::trace::Picture;
use bfs_judge::gen::Rng;

use search::Search;
use shrink::{Keeps, Shrunk};

/// One of our problems, as the judge and the modes see it.
pub trait Ours: Sync {
    /// Its folder name under `problems/` (`robot-maze`).
    fn name(&self) -> &'static str;

    /// Its checker, testlib's convention (`bfs_judge::check::<problem>::check`); `None` when
    /// its answers are compared exactly (swap-game's one number a board).
    fn checker(&self) -> Option<Check>;

    /// The traced reference search of case `case` (from 1) of `input` (a grid trace keeps
    /// its problem's rules, hence `'static`: our problems are statics).
    fn trace(&'static self, input: &[u8], case: usize) -> Result<Search, OursError>;

    /// `stress --shrink`: `input` made smaller while `keeps` says the disagreement stays;
    /// `None` when `input` is not in the format our generator writes.
    fn shrink(&self, input: &[u8], keeps: Keeps<'_>) -> Option<Shrunk>;

    /// The generator's sizes for stress case `seed` of kind `kind` (its name, without flags):
    /// small shapes, where a disagreement is easy to read.
    fn stress_sizes(&self, kind: &str, seed: u64) -> Vec<u64>;

    /// What `--scale` probes, or why it does not probe this problem.
    fn scale(&self) -> Result<Scale, OursError>;

    /// One input from our generator: `kind` with its flags, its sizes, the seed.
    fn generate(&self, kind: &str, sizes: &[u64], seed: u64) -> Result<Vec<u8>, OursError> {
        bfs_judge::gen::generate(self.name(), kind, sizes, seed).map_err(OursError::Gen)
    }

    /// As the checker, but an answer other than `answer` (ours) is rejected too, with
    /// `wrong tie-break: ...`: `Err` names the mistake.
    fn explain_answer(&self, input: &[u8], output: &[u8], answer: &[u8]) -> Result<(), String> {
        bfs_judge::check::tie::explain(self.name(), input, output, answer)
    }

    /// The maze of a failing case with both routes, `output`'s and `answer`'s; `None` for
    /// a problem without a maze, an input it cannot read, or chase's distance mode.
    fn picture(&self, input: &[u8], output: &[u8], answer: &[u8]) -> Option<Picture> {
        bfs_judge::check::trace::picture(self.name(), input, output, answer)
    }
}

/// Our problems, in the order their lists are printed.
pub static ALL: [&dyn Ours; 5] = [
    &robot_maze::ROBOT_MAZE,
    &chase::CHASE,
    &wave::WAVE,
    &swap_game::SwapGame,
    &pushing_boxes::PushingBoxes,
];

/// The problem of ours named `name`.
pub fn find(name: &str) -> Option<&'static dyn Ours> {
    ALL.iter().copied().find(|o| o.name() == name)
}

/// [`find`], or the error that lists our problems.
pub fn get(name: &str) -> Result<&'static dyn Ours, OursError> {
    find(name).ok_or_else(|| OursError::Unknown(name.to_string()))
}

/// `bfs-judge gen --help`'s list of problems, kinds, sizes and flags.
pub fn gen_help() -> String {
    bfs_judge::gen::help()
}

/// What `--scale` probes of one problem.
#[derive(Clone, Copy, Debug)]
pub struct Scale {
    /// The generator kinds, hardest shapes first.
    pub kinds: &'static [&'static str],
    /// The generator's sizes for one maze of rows x columns.
    pub sizes: fn(u64, u64) -> Vec<u64>,
}

/// Numbers drawn for stress case `seed`, each from `lo` to `hi` (both included), by the
/// generators' own SplitMix64: a seed gives the same sizes everywhere.
pub fn picker(seed: u64) -> impl FnMut(u64, u64) -> u64 {
    let mut rng = Rng::new(seed);
    move |lo, hi| lo + rng.next_u64() % (hi - lo + 1)
}

/// Why one of our problems cannot do what was asked of it. `Display` gives the message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OursError {
    /// None of our problems has this name.
    Unknown(String),
    /// `bfs-judge show`: none of our problems has this name.
    NoSearch(String),
    /// `bfs-judge check`: none of our problems with a checker has this name.
    NoChecker(String),
    /// `--scale` does not probe this problem; why.
    NoScale(&'static str),
    /// The input is not one the problem's own reader takes: the problem, the reader's error.
    Input { problem: &'static str, why: String },
    /// `--case K` names no case of the input: K, how many it has, what a case is.
    NoCase {
        case: usize,
        cases: usize,
        what: &'static str,
    },
    /// `--case K` (K > 1) on a problem whose input is one maze.
    OneMaze { problem: &'static str, case: usize },
    /// The generator refused the kind or the sizes; why.
    Gen(String),
    /// `--draw-window`, `--scale-to`: not `ROWSxCOLS`.
    Window(String),
}

impl fmt::Display for OursError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let all = || ALL.map(|o| o.name()).join(", ");
        match self {
            OursError::Unknown(name) => {
                write!(f, "unknown problem `{name}` (expected one of: {})", all())
            }
            OursError::NoSearch(name) => {
                write!(f, "no search to show for `{name}`: show knows {}", all())
            }
            OursError::NoChecker(name) => {
                let mut checked: Vec<&str> = ALL
                    .iter()
                    .filter(|o| o.checker().is_some())
                    .map(|o| o.name())
                    .collect();
                checked.sort_unstable();
                write!(
                    f,
                    "no checker for `{name}` (checkers: {})",
                    checked.join(", ")
                )
            }
            OursError::NoScale(why) => write!(f, "--scale probes grid problems; {why}"),
            OursError::Input { problem, why } => write!(f, "{problem}: {why}"),
            OursError::NoCase { case, cases, what } => {
                write!(f, "there is no {what} {case}: the input has {cases}")
            }
            OursError::OneMaze { problem, case } => {
                write!(
                    f,
                    "{problem} has one maze per input; --case {case} names none"
                )
            }
            OursError::Gen(why) => f.write_str(why),
            OursError::Window(text) => {
                write!(f, "expected ROWSxCOLS such as 20x60, found `{text}`")
            }
        }
    }
}

impl std::error::Error for OursError {}

/// The `bfs-judge gen` command line that makes the same input of ours again, with this
/// very binary (a stress run's `input from:` line).
pub fn gen_command_line(problem: &str, kind: &str, sizes: &[String], seed: u64) -> String {
    let me = std::env::current_exe()
        .map_or_else(|_| "bfs-judge".to_string(), |p| p.display().to_string());
    format!(
        "{me} gen {problem} {kind} {} --seed {seed}",
        sizes.join(" ")
    )
}
