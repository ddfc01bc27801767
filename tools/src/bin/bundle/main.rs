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
//! Files keep their formatting exactly: a module's text goes inside `mod name { ... }`
//! without re-indentation (which cost a third of a bundle's bytes, and 64 KiB is a judge's
//! limit), opened after a `// src/...` line naming its file and closed by `} // mod name`.
//! `//!` and `///`
//! comments and `#[cfg(test)]` items are dropped. The bundler fails, naming file and line,
//! when code would reach a crate the stand-ins do not cover (`use memchr::memmem;`,
//! `crate::ext::memchr::memrchr` while the stand-in lacks it, `extern crate`, any other
//! dependency's path), and when a bundle exceeds 64 KiB. Unless `--no-compile` is given,
//! each bundle is compiled as a judge would (`rustc --edition 2021 -O`), and any rustc
//! output (a warning too) is an error.

mod assemble;
mod code;
mod compile;
mod lex;
mod project;

pub use assemble::{Bundle, MAX_BYTES};
pub use compile::{bundle_dir, compile_bundle};
pub use project::Project;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

const USAGE: &str = "usage: scripts/bundle [--no-compile] [--root DIR] PROBLEM...|all
  writes target/bundle/PROBLEM.rs (one std-only source file for online judges) and,
  unless --no-compile, compiles it with `rustc --edition 2021 -O` to target/bundle/PROBLEM,
  failing on any rustc warning. --root bundles another checkout (default: this one).";

fn main() -> ExitCode {
    let mut compile = true;
    let mut wanted = Vec::new();
    let mut root = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--no-compile" => compile = false,
            "--root" => match args.next() {
                Some(dir) => root = PathBuf::from(dir),
                None => {
                    eprintln!("bundle: --root needs a folder\n{USAGE}");
                    return ExitCode::from(2);
                }
            },
            "-h" | "--help" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            _ if arg.starts_with('-') => {
                eprintln!("bundle: unknown option {arg}\n{USAGE}");
                return ExitCode::from(2);
            }
            _ => wanted.push(arg),
        }
    }
    if wanted.is_empty() {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    }
    match run(&root, &wanted, compile) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("bundle: {e}");
            ExitCode::from(1)
        }
    }
}

fn run(root: &Path, wanted: &[String], compile: bool) -> Result<(), String> {
    let project = Project::load(root)?;
    let problems: Vec<String> = if wanted.iter().any(|w| w == "all") {
        project.bins.keys().cloned().collect()
    } else {
        wanted.to_vec()
    };
    let dir = bundle_dir(root);
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    for problem in &problems {
        let bundle = project.bundle(problem)?;
        let file = dir.join(format!("{problem}.rs"));
        std::fs::write(&file, &bundle.source)
            .map_err(|e| format!("cannot write {}: {e}", file.display()))?;
        let mut line = format!(
            "{}: {} bytes ({:.0}% of 64 KiB)",
            file.display(),
            bundle.source.len(),
            100.0 * bundle.source.len() as f64 / MAX_BYTES as f64
        );
        if compile {
            let exe = dir.join(problem);
            compile_bundle(&file, &exe)?;
            line.push_str(&format!(", compiled to {}", exe.display()));
        }
        println!("{line}");
    }
    Ok(())
}
