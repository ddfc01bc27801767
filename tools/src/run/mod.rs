//! The bottom layer: starting a program and supervising it under its limits, like isolate:
//! it knows nothing of cases, verdicts or how they are shown.
//!
//! - `program`: what to run (a command, or a shell line), and whether it can be run;
//! - `spec`: one run as the layers above ask for it ([`spec::Spec`]: arguments, stdin,
//!   outputs, limits, folder), how it went ([`spec::Run`]) or why it could not be judged
//!   ([`spec::RunError`]);
//! - `sandbox`: the judge's side, handing each run to its thread's supervisor process, and
//!   the settings every supervisor starts with;
//! - `supervise`: the supervisor (long-lived, one run at a time), the subreaper of
//!   everything the program starts, which `tree` accounts from /proc and `jail/` isolates
//!   (a file per mechanism);
//! - `sys`: the process control std does not offer; `files`: a run's private folder and
//!   capped reads of what it wrote; `hash`: FNV-1a, for keys that outlive a run;
//! - `lang`: the table of languages; `compile/`: programs built from source, each compiler
//!   run like a program.
//!
//! The crate's `unsafe` is here alone, each block a system call with its `// SAFETY:`:
//! `sys` (process control), `jail/` (mounts, namespaces, capabilities), `sandbox` (a
//! supervisor's start), `tree` (the netlink socket of the socket accounting).

pub mod compile;
pub mod files;
pub mod hash;
pub mod jail;
pub mod lang;
pub mod outcome;
pub mod program;
pub mod sandbox;
pub mod spec;
pub mod supervise;
pub mod sys;
pub mod tree;
