//! The judging layer: a problem folder and its `info.toml` (`problem`), its cases
//! (`cases`), the comparison of an output with the answer (`compare`), checkers
//! (`checker`) and the verdict of a run (`verdict`). It uses `run`; nothing here prints.

pub mod cases;
pub mod checker;
pub mod compare;
pub mod problem;
pub mod verdict;
