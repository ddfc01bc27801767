//! Compiling a bundle as a judge does, with a chosen rustc, and where bundles go: the one
//! rule for `bfs-judge bundle` and for the judge's `--bundle`, which compiles a bundle newer
//! than its binary ([`fresh_bundle`]). Cost: one rustc run per bundle compiled, a few
//! seconds; none for a binary newer than its source.

use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::process::Command;

use super::error::BundleError;

/// Where the bundles of a checkout whose Cargo target folder is `target` (`args::target_dir`)
/// go, and where the judge's `--bundle` looks: `TARGET/bundle`.
pub fn bundle_dir(target: &Path) -> PathBuf {
    target.join("bundle")
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
        // No program is left behind to be run later.
        let _ = std::fs::remove_file(exe);
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

/// The program of the bundle `name` in `dir`, `DIR/NAME`, compiled by [`compile_bundle`]
/// with the [`default_rustc`] from `DIR/NAME.rs` when that is newer (or the program is
/// missing); `None` when neither is there.
pub fn fresh_bundle(dir: &Path, name: &str) -> Result<Option<PathBuf>, BundleError> {
    let exe = dir.join(name);
    let src = dir.join(format!("{name}.rs"));
    let mtime = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    if let Some(src_time) = mtime(&src) {
        if mtime(&exe).is_none_or(|t| t < src_time) {
            compile_bundle(&default_rustc(), &src, &exe)?;
        }
    }
    Ok(exe.is_file().then_some(exe))
}
