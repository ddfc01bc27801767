//! The bottom layer: starting a program and supervising it under its limits. `program` is
//! what to run; `sandbox` runs it once, through its thread's supervisor process (`supervise`:
//! long-lived, one run at a time), the subreaper of everything the program starts; `sys`
//! holds all of the judge's `unsafe` (the few system calls std does not offer); `files`
//! reads what a run wrote, capped; `compile` builds a package's programs from source.
//! Nothing here knows about cases, verdicts or how they are shown.

pub mod compile;
pub mod files;
pub mod jail;
pub mod program;
pub mod sandbox;
pub mod supervise;
pub mod sys;
pub mod tree;
