//! Compiling a bundle as a judge does, with a chosen rustc, and where bundles go.

use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::process::Command;

use super::error::BundleError;

/// `target/bundle` (or `$CARGO_TARGET_DIR/bundle`), where `scripts/judge --bundle` looks.
pub fn bundle_dir(root: &Path) -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) => root.join(dir).join("bundle"),
        None => root.join("target").join("bundle"),
    }
}

/// The compiler used unless one is named: `$RUSTC` (what cargo runs), else `rustc`.
pub fn default_rustc() -> OsString {
    std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into())
}

/// `rustc --version` of `rustc`, for the log: which compiler built the bundles.
pub fn rustc_version(rustc: &OsStr) -> Result<String, BundleError> {
    let out = Command::new(rustc)
        .arg("--version")
        .output()
        .map_err(|e| BundleError::cannot("run", Path::new(rustc).display(), e))?;
    Ok(String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// Compiles `source` with `rustc --edition 2021 -O` as a judge does; any output from
/// rustc (a warning too) is an error.
pub fn compile_bundle(rustc: &OsStr, source: &Path, exe: &Path) -> Result<(), BundleError> {
    let out = Command::new(rustc)
        .args(["--edition", "2021", "-O", "-o"])
        .arg(exe)
        .arg(source)
        .output()
        .map_err(|e| BundleError::cannot("run", Path::new(rustc).display(), e))?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() || !stderr.trim().is_empty() {
        return Err(BundleError::Rustc {
            command: format!(
                "{} --edition 2021 -O {}",
                Path::new(rustc).display(),
                source.display()
            ),
            failed: !out.status.success(),
            stderr: stderr.into_owned(),
        });
    }
    Ok(())
}
