//! `scripts/bundle PROBLEM...|all`: each problem as one std-only Rust source file that
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
//! `// SAFETY:` blocks) and `#[cfg(test)]` items are dropped, and the finished bundle is
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
//! `prune` (leaving out what is never called), `compile` (rustc).

mod assemble;
mod code;
mod compile;
mod lex;
mod project;
mod prune;

pub use assemble::{Bundle, MAX_BYTES};
pub use compile::{bundle_dir, compile_bundle, default_rustc, rustc_version};
pub use project::Project;
use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

const USAGE: &str = "usage: scripts/bundle [--no-compile] [--rustc RUSTC] [--out-dir DIR] [--root DIR] PROBLEM...|all
  writes DIR/PROBLEM.rs, one std-only source file for online judges (DIR: target/bundle,
  where `scripts/judge --bundle` looks), and unless --no-compile compiles it as a judge
  does, `RUSTC --edition 2021 -O`, to DIR/PROBLEM, failing on any rustc output (a warning
  too). RUSTC: $RUSTC, else rustc (CI also runs /usr/bin/rustc, Debian's 1.63).
  --root bundles another checkout (default: this one).";

/// The options, as parsed.
struct Options {
    compile: bool,
    rustc: OsString,
    out_dir: Option<PathBuf>,
    root: PathBuf,
    problems: Vec<String>,
}

/// The options, `None` for `--help`; a message for a usage error.
fn parse(args: impl Iterator<Item = String>) -> Result<Option<Options>, String> {
    let mut o = Options {
        compile: true,
        rustc: default_rustc(),
        out_dir: None,
        root: PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/..")),
        problems: Vec::new(),
    };
    let mut args = args;
    while let Some(arg) = args.next() {
        let mut value = |what: &str| args.next().ok_or(format!("{arg} needs {what}"));
        match arg.as_str() {
            "--no-compile" => o.compile = false,
            "--rustc" => o.rustc = value("a compiler")?.into(),
            "--out-dir" => o.out_dir = Some(value("a folder")?.into()),
            "--root" => o.root = value("a folder")?.into(),
            "-h" | "--help" => return Ok(None),
            _ if arg.starts_with('-') => return Err(format!("unknown option {arg}")),
            _ => o.problems.push(arg),
        }
    }
    if o.problems.is_empty() {
        return Err("no problem named (or `all`)".to_string());
    }
    Ok(Some(o))
}

fn main() -> ExitCode {
    let options = match parse(std::env::args().skip(1)) {
        Ok(Some(options)) => options,
        Ok(None) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("bundle: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match run(&options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("bundle: {e}");
            ExitCode::from(1)
        }
    }
}

fn run(o: &Options) -> Result<(), String> {
    let project = Project::load(&o.root)?;
    let problems: Vec<String> = if o.problems.iter().any(|w| w == "all") {
        project.bins.keys().cloned().collect()
    } else {
        o.problems.clone()
    };
    let dir = o.out_dir.clone().unwrap_or_else(|| bundle_dir(&o.root));
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    if o.compile {
        println!("compiling with {}", rustc_version(&o.rustc)?);
    }
    for problem in &problems {
        let bundle = project.bundle(problem)?;
        let file = dir.join(format!("{problem}.rs"));
        std::fs::write(&file, &bundle.source)
            .map_err(|e| format!("cannot write {}: {e}", file.display()))?;
        let mut line = format!(
            "{}: {} bytes ({:.0}% of the {} allowed)",
            file.display(),
            bundle.source.len(),
            100.0 * bundle.source.len() as f64 / MAX_BYTES as f64,
            MAX_BYTES
        );
        if o.compile {
            let exe = dir.join(problem);
            compile_bundle(&o.rustc, &file, &exe)?;
            line.push_str(&format!(", compiled to {}", exe.display()));
        }
        println!("{line}");
    }
    Ok(())
}
