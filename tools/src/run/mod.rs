//! The bottom layer: starting a program and supervising it under its limits. `program` is
//! what to run; `sandbox` runs it once, through its thread's supervisor process (`supervise`:
//! long-lived, one run at a time), the subreaper of everything the program starts, which
//! `tree` accounts and `jail` isolates; `sys` wraps the process control std does not offer;
//! `files` reads what a run wrote, capped; `compile` builds programs from source, as runs.
//! The crate's `unsafe` is here alone, each block a system call with its `// SAFETY:`:
//! `sys` (process control), `jail` (mounts, namespaces, capabilities), `sandbox` (a
//! supervisor's start), `tree` (the netlink
//! socket of the socket accounting). Nothing here knows about cases, verdicts or how they
//! are shown.

pub mod compile;
pub mod files;
pub mod hash;
pub mod jail;
pub mod lang;
pub mod program;
pub mod sandbox;
pub mod spec;
pub mod supervise;
pub mod sys;
pub mod tree;
