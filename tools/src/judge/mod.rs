//! The judging layer: a problem folder and its `info.toml` (`problem`), its cases
//! (`cases`), the comparison of an output with the answer (`compare`), checkers
//! (`checker`) and the verdict of a run (`verdict`); the layouts `--tests` reads (`layout`,
//! `libchecker`, `kattis`), the token comparison (`tokens`), Kattis output validators and
//! input validators (`validator`), and interactive runs (`interact`). It uses `run`; nothing
//! here prints.

pub mod cases;
pub mod checker;
pub mod compare;
pub mod interact;
pub mod kattis;
pub mod layout;
pub mod libchecker;
pub mod named;
pub mod problem;
pub mod tokens;
pub mod validator;
pub mod verdict;
