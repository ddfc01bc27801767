//! The tools around the bfs-judge solvers, as a library behind one binary, `bfs-judge`
//! (`src/main.rs`). The judge is built in layers, each using only the ones below it:
//!
//! - `text`: text helpers every layer uses (no dependencies in the crate);
//! - `run`: starting a program and supervising it under its limits;
//! - `judge`: problems, cases, comparison, checkers, verdicts;
//! - `show`: what is printed for a person (case lines, diffs, a checker's reason);
//! - `ours`: what is particular to our five problems (checkers, generators, the traced
//!   searches and their pages, pictures of a failing case, shrinking their inputs);
//! - `args`: the judging subcommands' option groups (clap's derive), as data for the layers
//!   above;
//! - `session`: what every judging mode starts and ends with (isolation, the supervisors,
//!   the output's style);
//! - `modes`: one module per subcommand (test, stress, shrink, scale, listen, gen, check);
//! - `cli`: the command line that picks a mode.
//!
//! Beside the judge: `bundle` (one source file per problem for online judges; its one
//! compile rule and folder are also what the judge's `--bundle` uses) and `bench` (the
//! benchmark suite), used by `cli`.

pub mod args;
pub mod bench;
pub mod bundle;
pub mod cli;
pub mod judge;
pub mod modes;
pub mod ours;
pub mod run;
pub mod session;
pub mod show;
pub mod text;
