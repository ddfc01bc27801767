//! The baselines timed beside our binaries: the **literal** reference and the start-up
//! **floor** (examples of the tools crate, built by `scripts/bench`), and from the shared
//! folder beside the repository the seeds' C++ programs (built here with `g++`) and the
//! robot-tiles **prototype**, a robot-maze speed peer (built here with cargo); and the
//! comparison of a baseline's output with ours.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::Command;

use super::error::BenchError;
use super::inputs::size;
use super::workloads::Workload;

/// The baseline programs of a run.
pub struct Baselines {
    /// `examples/literal.rs`: the plain reference, `literal PROBLEM < input`.
    pub literal: PathBuf,
    /// `examples/floor.rs`: a program that only reads its stdin.
    pub floor: PathBuf,
    /// The seeds' C++ programs built for this run, by file stem.
    seeds: Vec<(&'static str, PathBuf)>,
    /// The robot-tiles prototype, when a workload of this run times it and it was built.
    pub prototype: Option<PathBuf>,
}

impl Baselines {
    /// Finds the examples in `bin_dir/examples` (helpers only the bench needs, built as
    /// examples so that `cargo install` leaves them off the user's PATH) and builds the
    /// seeds' C++ programs that `workloads` time into `out_dir/cpp` and, when one of them
    /// times it, the prototype into `bin_dir/../anchors`. A baseline that cannot be built
    /// is left out, and `notices` says why.
    pub fn prepare(
        root: &Path,
        bin_dir: &Path,
        out_dir: &Path,
        workloads: &[&Workload],
        notices: &mut Vec<String>,
    ) -> Baselines {
        let examples = bin_dir.join("examples");
        Baselines {
            literal: examples.join("literal"),
            floor: examples.join("floor"),
            seeds: build_seeds(root, out_dir, workloads, notices),
            prototype: match workloads.iter().any(|w| w.prototype) {
                true => build_prototype(root, bin_dir, out_dir, notices),
                false => None,
            },
        }
    }

    /// The seed's C++ program of `w`, when it has one and it was built.
    pub fn seed(&self, w: &Workload) -> Option<&Path> {
        let stem = w.seed?;
        self.seeds
            .iter()
            .find(|(s, _)| *s == stem)
            .map(|(_, p)| p.as_path())
    }
}

/// The shared folder beside the repository (`ROOT/../shared`): the seeds and the speed
/// peers, which are not ours to copy into the repository.
fn shared(root: &Path) -> PathBuf {
    root.join("../shared")
}

/// Builds the seeds' C++ programs that `workloads` time, with `g++ -O2 -std=c++17`, into
/// `out_dir/cpp/` (again only when the source is newer). The sources are the shared
/// folder beside the repository, `../shared/seeds/cpp`; without it or without `g++` the
/// seed baselines are left out and `notices` says why.
fn build_seeds(
    root: &Path,
    out_dir: &Path,
    workloads: &[&Workload],
    notices: &mut Vec<String>,
) -> Vec<(&'static str, PathBuf)> {
    let dir = shared(root).join("seeds/cpp");
    let mut stems: Vec<&'static str> = workloads.iter().filter_map(|w| w.seed).collect();
    stems.sort_unstable();
    stems.dedup();
    if stems.is_empty() {
        return Vec::new();
    }
    if !dir.is_dir() {
        notices.push(format!(
            "the seeds' C++ baselines ({} not found)",
            dir.display()
        ));
        return Vec::new();
    }
    if Command::new("g++").arg("--version").output().is_err() {
        notices.push("the seeds' C++ baselines (no g++)".to_string());
        return Vec::new();
    }
    let out = out_dir.join("cpp");
    let _ = std::fs::create_dir_all(&out);
    let modified = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    let mut built = Vec::new();
    for stem in stems {
        let src = dir.join(format!("{stem}.cpp"));
        let exe = out.join(stem);
        let fresh = matches!((modified(&exe), modified(&src)), (Some(e), Some(s)) if e >= s);
        if !fresh {
            eprintln!("bench: g++ -O2 {}", src.display());
            let ok = Command::new("g++")
                .args(["-O2", "-std=c++17"])
                .arg(&src)
                .arg("-o")
                .arg(&exe)
                .status()
                .is_ok_and(|s| s.success());
            if !ok {
                notices.push(format!("{stem} (g++ failed on {})", src.display()));
                continue;
            }
        }
        built.push((stem, exe));
    }
    built
}

/// Builds the robot-tiles prototype (`ROOT/../shared/anchors/robot-tiles-proto`, a cargo
/// package of its own) with `cargo build --release` into the `anchors` folder beside
/// `bin_dir` (`target/anchors`; cargo decides whether anything is to be done). Without the
/// folder or when cargo fails, the prototype is left out and `notices` says why.
fn build_prototype(
    root: &Path,
    bin_dir: &Path,
    out_dir: &Path,
    notices: &mut Vec<String>,
) -> Option<PathBuf> {
    let manifest = shared(root).join("anchors/robot-tiles-proto/Cargo.toml");
    if !manifest.is_file() {
        notices.push(format!("the prototype ({} not found)", manifest.display()));
        return None;
    }
    let target = match bin_dir.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.join("anchors"),
        _ => out_dir.join("anchors"),
    };
    // Under `cargo test` or `cargo run`, the cargo that started us; else the one on PATH.
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    eprintln!(
        "bench: cargo build --release --manifest-path {} --target-dir {}",
        manifest.display(),
        target.display()
    );
    // CI lints our crates through clippy-driver (.ci/run); the prototype is not ours to lint.
    let built = Command::new(&cargo)
        .env_remove("RUSTC_WORKSPACE_WRAPPER")
        .env_remove("CLIPPY_ARGS")
        .args(["build", "--release", "--quiet", "--manifest-path"])
        .arg(&manifest)
        .arg("--target-dir")
        .arg(&target)
        .output();
    match built {
        Ok(o) if o.status.success() => {}
        Ok(o) => {
            let stderr = String::from_utf8_lossy(&o.stderr);
            let last = stderr.lines().rfind(|l| !l.trim().is_empty()).unwrap_or("");
            notices.push(format!(
                "the prototype (cargo build failed: {} {})",
                o.status,
                last.trim()
            ));
            return None;
        }
        Err(e) => {
            notices.push(format!("the prototype (cannot run {cargo:?}: {e})"));
            return None;
        }
    }
    let exe = target.join("release/proto");
    match exe.is_file() {
        true => Some(exe),
        false => {
            notices.push(format!(
                "the prototype (no {} after its build)",
                exe.display()
            ));
            None
        }
    }
}

/// Compares two files in blocks (outputs reach hundreds of MiB).
pub fn files_equal(a: &Path, b: &Path) -> Result<bool, BenchError> {
    use std::io::Read;
    if size(a)? != size(b)? {
        return Ok(false);
    }
    let open = |p: &Path| File::open(p).map_err(|e| BenchError::file("opening", p, e));
    let (mut fa, mut fb) = (open(a)?, open(b)?);
    let (mut ba, mut bb) = (vec![0u8; 1 << 20], vec![0u8; 1 << 20]);
    loop {
        let n = fa
            .read(&mut ba)
            .map_err(|e| BenchError::file("reading", a, e))?;
        if n == 0 {
            return Ok(true);
        }
        fb.read_exact(&mut bb[..n])
            .map_err(|e| BenchError::file("reading", b, e))?;
        if ba[..n] != bb[..n] {
            return Ok(false);
        }
    }
}
