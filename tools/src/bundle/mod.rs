//! The bundler behind `bfs-judge bundle` (`modes/bundle.rs`): each problem as one std-only Rust source file that
//! online judges accept, written to `target/bundle/<problem>.rs` and compiled beside it.
//!
//! What goes in, all derived from the sources (a new problem needs no change here):
//! - `main`: the problem's `[[bin]]` file from Cargo.toml, `bfs_judge::` rewritten to `crate::`;
//! - the library modules it uses, transitively: every path (`use` trees included, with
//!   `crate::`, `super::`, `self::` and `use` aliases resolved) that names a module file under
//!   `src/` pulls that module and its parents in, in the library's own module structure;
//! - `mod ext`, holding for each crate that code reaches through `crate::ext::<crate>` the
//!   std-only stand-in `src/standin/<crate>.rs` instead of `src/ext.rs`'s re-export.
//!
//! Then whatever the problem never calls is left out (`prune`): items nothing kept names,
//! modules left empty, imports left unused.
//!
//! Files keep their line structure: a module's text goes inside `mod name { ... }`
//! without re-indentation (which cost a third of a bundle's bytes), opened after a
//! `// src/...` line naming its file and closed by `} // mod name`. Comments (but
//! `// SAFETY:` blocks), blank lines and `#[cfg(test)]` items are dropped, and the finished bundle is
//! indented one space a level instead of four (a quarter of its bytes were indentation):
//! the sources keep the comments, the bundle stays within its size limit. The bundler
//! fails, naming file and line,
//! when code would reach a crate the stand-ins do not cover (`use memchr::memmem;`,
//! `crate::ext::memchr::memrchr` while the stand-in lacks it, `extern crate`, any other
//! dependency's path), and when a bundle exceeds [`MAX_BYTES`] (52 KiB). Unless
//! `--no-compile` is given, each bundle is compiled as a judge would
//! (`rustc --edition 2021 -O`, or the `--rustc` given), and any rustc output (a warning
//! too) is an error.
//!
//! Modules, one concern each: `lex` (tokens), `code` (paths, `use` trees, test items and
//! `mod` declarations in a file's tokens), `project` (Cargo.toml, module files, cleaning a
//! file, the stand-ins), `assemble` (following paths from `main`, rendering one bundle),
//! `prune` (leaving out what is never called), `compile` (rustc), `error` ([`BundleError`],
//! what each of them refuses).

mod assemble;
mod code;
mod compile;
mod error;
mod lex;
mod project;
mod prune;

pub use assemble::{Bundle, MAX_BYTES};
pub use compile::{bundle_dir, compile_bundle, default_rustc, fresh_bundle, rustc_version};
pub use error::{BundleError, CodeError, Fault, Place};
pub use project::Project;
