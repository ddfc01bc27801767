//! The tools around the bfs-judge solvers, as a library behind one binary, `bfs-judge`
//! (`src/main.rs`). The judge is built in layers, each using only the ones below it:
//!
//! - `text`: text helpers every layer uses (no dependencies in the crate);
//! - `run`: starting a program and supervising it under its limits;
//! - `judge`: problems, cases, comparison, checkers, verdicts;
//! - `show`: what is printed and kept for a person (case lines, diffs, drawings, pages);
//! - `modes`: one module per subcommand (test, stress, shrink, scale, listen, gen, check);
//! - `cli`: the command line that picks a mode.
//!
//! Beside the judge, and used only by `cli`: `bundle` (one source file per problem for
//! online judges) and `bench` (the benchmark suite).

pub mod bench;
pub mod bundle;
pub mod cli;
pub mod judge;
pub mod modes;
pub mod run;
pub mod show;
pub mod text;
