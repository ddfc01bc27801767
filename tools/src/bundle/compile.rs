//! Compiling a bundle as a judge does, with a chosen rustc, and where bundles go.

use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::process::Command;

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
pub fn rustc_version(rustc: &OsStr) -> Result<String, String> {
    let out = Command::new(rustc)
        .arg("--version")
        .output()
        .map_err(|e| format!("cannot run {}: {e}", Path::new(rustc).display()))?;
    Ok(String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// Compiles `source` with `rustc --edition 2021 -O` as a judge does; any output from
/// rustc (a warning too) is an error.
pub fn compile_bundle(rustc: &OsStr, source: &Path, exe: &Path) -> Result<(), String> {
    let shown = Path::new(rustc).display();
    let out = Command::new(rustc)
        .args(["--edition", "2021", "-O", "-o"])
        .arg(exe)
        .arg(source)
        .output()
        .map_err(|e| format!("cannot run {shown}: {e}"))?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() || !stderr.trim().is_empty() {
        return Err(format!(
            "{shown} --edition 2021 -O {}: {}\n{stderr}",
            source.display(),
            if out.status.success() {
                "warnings"
            } else {
                "failed"
            }
        ));
    }
    Ok(())
}
