//! `bfs-judge bundle PROBLEM...|all` (and `scripts/bundle`): the command line of the
//! bundler (`crate::bundle`), which writes each problem as one std-only source file and
//! compiles it as a judge would.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

use crate::bundle::{bundle_dir, compile_bundle, default_rustc, rustc_version, Project, MAX_BYTES};

/// `bfs-judge bundle`: writes DIR/PROBLEM.rs, one std-only source file for online judges,
/// and unless --no-compile compiles it as a judge does, `RUSTC --edition 2021 -O`, to
/// DIR/PROBLEM, failing on any rustc output (a warning too).
#[derive(Clone, Debug, clap::Args)]
pub struct Options {
    /// The problems to bundle, or `all`.
    #[arg(value_name = "PROBLEM", required = true)]
    problems: Vec<String>,

    /// Write the source files only.
    #[arg(long = "no-compile", action = clap::ArgAction::SetFalse)]
    compile: bool,

    /// The compiler [default: $RUSTC, else rustc] (CI also runs /usr/bin/rustc, Debian's 1.63).
    #[arg(long, value_name = "RUSTC", default_value_os_t = default_rustc(), hide_default_value = true)]
    rustc: OsString,

    /// Where the bundles go [default: ROOT/target/bundle, where `bfs-judge test --bundle` looks].
    #[arg(long, value_name = "DIR")]
    out_dir: Option<PathBuf>,

    /// The checkout to bundle [default: the one this tool was built from].
    #[arg(long, value_name = "DIR", default_value_os_t = crate::args::built_in_root(),
          hide_default_value = true)]
    root: PathBuf,
}

/// Runs `bfs-judge bundle`: exit code 1 when a problem cannot be bundled or compiled.
pub fn main(o: &Options) -> ExitCode {
    match run(o) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("bundle: {e}");
            ExitCode::from(1)
        }
    }
}

fn run(o: &Options) -> Result<(), String> {
    let project = Project::load(&o.root).map_err(|e| e.to_string())?;
    let problems: Vec<String> = if o.problems.iter().any(|w| w == "all") {
        project.bins.keys().cloned().collect()
    } else {
        o.problems.clone()
    };
    let dir = (o.out_dir.clone()).unwrap_or_else(|| bundle_dir(&crate::args::target_dir(&o.root)));
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    if o.compile {
        let version = rustc_version(&o.rustc).map_err(|e| e.to_string())?;
        println!("compiling with {version}");
    }
    for problem in &problems {
        let bundle = project.bundle(problem).map_err(|e| e.to_string())?;
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
            compile_bundle(&o.rustc, &file, &exe).map_err(|e| e.to_string())?;
            line.push_str(&format!(", compiled to {}", exe.display()));
        }
        println!("{line}");
    }
    Ok(())
}
