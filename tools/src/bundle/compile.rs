//! Compiling a bundle as a judge does, with a chosen rustc, and where bundles go: the one
//! rule for `bfs-judge bundle` and for the judge's `--bundle`, which compiles a bundle newer
//! than its binary.

use std::ffi::{OsStr, OsString};
use std::fmt;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Where the bundles of a checkout whose Cargo target folder is `target` go, and where the
/// judge's `--bundle` looks: `TARGET/bundle`.
pub fn bundle_dir(target: &Path) -> PathBuf {
    target.join("bundle")
}

/// The compiler used unless one is named: `$RUSTC` (what cargo runs), else `rustc`.
pub fn default_rustc() -> OsString {
    std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into())
}

/// Why a bundle was not compiled. `Display` gives the message.
#[derive(Debug)]
pub enum CompileError {
    /// The compiler (its name) could not be started.
    Start(String, std::io::Error),
    /// It failed, or it said something (a warning too): its command, whether it failed,
    /// its stderr.
    Rejected(String, bool, String),
}

impl fmt::Display for CompileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CompileError::Start(rustc, e) => write!(f, "cannot run {rustc}: {e}"),
            CompileError::Rejected(command, failed, stderr) => {
                let what = if *failed { "failed" } else { "warnings" };
                write!(f, "{command}: {what}\n{stderr}")
            }
        }
    }
}

impl std::error::Error for CompileError {}

/// `rustc` run with `args`, or the error that it cannot start.
fn run(rustc: &OsStr, args: &[&OsStr]) -> Result<std::process::Output, CompileError> {
    let name = || Path::new(rustc).display().to_string();
    Command::new(rustc)
        .args(args)
        .output()
        .map_err(|e| CompileError::Start(name(), e))
}

/// `rustc --version` of `rustc`, for the log: which compiler built the bundles.
pub fn rustc_version(rustc: &OsStr) -> Result<String, CompileError> {
    let out = run(rustc, &["--version".as_ref()])?;
    Ok(String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// Compiles `source` with `rustc --edition 2021 -O` as a judge does; any output from
/// rustc (a warning too) is an error, and leaves no `exe` behind to be run later.
pub fn compile_bundle(rustc: &OsStr, source: &Path, exe: &Path) -> Result<(), CompileError> {
    let flags = ["--edition", "2021", "-O", "-o"].map(OsStr::new);
    let out = run(
        rustc,
        &[&flags[..], &[exe.as_os_str(), source.as_os_str()]].concat(),
    )?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() || !stderr.trim().is_empty() {
        let (rustc, source) = (Path::new(rustc).display(), source.display());
        let command = format!("{rustc} --edition 2021 -O {source}");
        let failed = !out.status.success();
        let _ = std::fs::remove_file(exe);
        return Err(CompileError::Rejected(command, failed, stderr.into_owned()));
    }
    Ok(())
}
