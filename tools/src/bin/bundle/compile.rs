//! Compiling a bundle as a judge does, with any rustc, and where the bundles go.

use std::path::{Path, PathBuf};
use std::process::Command;

/// `target/bundle` (or `$CARGO_TARGET_DIR/bundle`), where `scripts/judge --bundle` looks.
pub fn bundle_dir(root: &Path) -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) => root.join(dir).join("bundle"),
        None => root.join("target").join("bundle"),
    }
}

/// Compiles `source` as a judge does; any output from rustc (a warning too) is an error.
pub fn compile_bundle(source: &Path, exe: &Path) -> Result<(), String> {
    let out = Command::new(std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into()))
        .args(["--edition", "2021", "-O", "-o"])
        .arg(exe)
        .arg(source)
        .output()
        .map_err(|e| format!("cannot run rustc: {e}"))?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() || !stderr.trim().is_empty() {
        return Err(format!(
            "rustc --edition 2021 -O {}: {}\n{stderr}",
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
