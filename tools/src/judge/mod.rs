//! The judging layer: a problem folder and its `info.toml` (`problem`), its cases
//! (`cases`), the formats `--tests` reads, each into one model (`format`), judging an answer
//! (`check`: the exact comparison, tokens, DMOJ's named checkers, checker programs), input
//! validators (`input_validator`), interactive runs (`interact`), the verdict of a run
//! (`verdict`) and what a problem may add to it (`explain`). It uses `run`; nothing here
//! prints.

use std::path::{Path, PathBuf};

pub mod cases;
pub mod check;
pub mod explain;
pub mod format;
pub mod input_validator;
pub mod interact;
pub mod problem;
pub mod verdict;

/// The folder where a package's programs (checkers, interactors, validators) are built:
/// `OUT/.build`.
pub fn build_dir(out: &Path) -> PathBuf {
    out.join(".build")
}
