//! The judging layer: a problem folder and its `info.toml` (`problem`), its cases
//! (`cases`), the comparison of an output with the answer (`compare`), checkers
//! (`checker`) and the verdict of a run (`verdict`); the formats `--tests` reads, each into
//! one model (`format`), the token comparison (`tokens`), DMOJ's named checkers (`named`), Kattis output validators and
//! input validators (`validator`), and interactive runs (`interact`). It uses `run`; nothing
//! here prints.

pub mod cases;
pub mod checker;
pub mod compare;
pub mod format;
pub mod interact;
pub mod named;
pub mod problem;
pub mod tokens;
pub mod validator;
pub mod verdict;
