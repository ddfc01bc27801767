//! `scripts/bench --quick` on robot-maze: the suite runs end to end (generator, our
//! binary, the literal, seed (C++, when g++ is installed) and floor baselines, with
//! hyperfine when installed and with the built-in loop) and prints its table. Shape only: timings on a shared machine prove
//! nothing in a test.
//!
//! `bfs-judge` and the bench's helpers (the literal and floor examples) are built in this
//! run's profile beside the `CARGO_BIN_EXE_*` binaries, and the inputs go to a scratch
//! folder of this run.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::support;

/// Builds the tools the suite needs; returns the folder of this run's binaries.
fn bin_dir() -> PathBuf {
    support::build_tools()
}

/// Runs the bench example with `extra` options on robot-maze, quick; returns stdout.
fn quick_bench(bin: &Path, out: &Path, extra: &[&str]) -> String {
    let o = Command::new(bin.join("bfs-judge"))
        .args([
            "bench",
            "robot-maze",
            "--quick",
            "--no-huge",
            "--runs",
            "1",
            "--warmup",
            "0",
        ])
        .args(extra)
        .arg("--root")
        .arg(support::root())
        .arg("--bin-dir")
        .arg(bin)
        .arg("--out-dir")
        .arg(out)
        .output()
        .expect("cannot run the bench example");
    let stdout = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(
        o.status.success(),
        "bench failed: {}\n{stdout}\n{}",
        o.status,
        String::from_utf8_lossy(&o.stderr)
    );
    stdout
}

/// Checks the table: its header, one row per robot-maze workload (the three 4000-sized
/// ones, the huge ones skipped) with eleven cells, the literal measured and agreeing, the
/// seed's C++ measured when `g++` and the seeds are there (else "—"), the floor of the
/// expected kind, and a line per target.
fn check_shape(stdout: &str, floor: &str) {
    let rows: Vec<Vec<&str>> = stdout
        .lines()
        .filter(|l| l.starts_with("| "))
        .map(|l| l.trim_matches('|').split(" | ").map(str::trim).collect())
        .collect();
    assert!(rows.len() == 4, "header and three rows expected:\n{stdout}");
    assert_eq!(rows[0][0], "workload", "{stdout}");
    for (row, name) in rows[1..]
        .iter()
        .zip(["random-4000", "corners-4000", "serpentine-4001x4000"])
    {
        assert_eq!(row.len(), 11, "eleven cells: {row:?}");
        assert_eq!(row[0], format!("robot-maze/{name}"));
        for cell in [row[3], row[5], row[9]] {
            assert!(cell.contains(" ms"), "a time: {cell:?} in {row:?}");
        }
        let seed = row[7] == "—" && row[8] == "—"
            || row[7].contains(" ms") && row[7].ends_with("MiB") && row[8].ends_with('x');
        assert!(seed, "the seed's time and ratio, or none: {row:?}");
        assert!(row[4].ends_with("MiB"), "a peak RSS: {row:?}");
        assert!(
            row[6].ends_with('x'),
            "a literal ratio, outputs equal: {row:?}"
        );
        assert!(row[9].ends_with(floor), "a {floor} floor: {row:?}");
        assert!(row[10].ends_with('x'), "a floor ratio: {row:?}");
    }
    let targets = stdout
        .lines()
        .filter(|l| l.starts_with("- robot-maze/"))
        .count();
    // random-4000 against the literal, corners-4000 against the seed, the serpentine
    // against both.
    assert_eq!(targets, 4, "{stdout}");
    assert!(stdout.contains("Machine: ") && stdout.contains("Load average"));
    assert!(
        stdout.contains("robot-maze/random-10000 (--no-huge)"),
        "{stdout}"
    );
}

#[test]
fn quick_bench_prints_the_table_with_every_timer() {
    let bin = bin_dir();
    let out = bin.join(format!("bench-tests-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    // Small inputs: spawned directly against the start-up floor.
    let direct = quick_bench(&bin, &out, &["--no-hyperfine"]);
    check_shape(&direct, "(start-up)");
    // Everything through `sh -c` and the `cat` floor: the built-in loop...
    let own = quick_bench(&bin, &out, &["--no-hyperfine", "--small-bytes", "0"]);
    assert!(own.contains("built-in loop"), "{own}");
    check_shape(&own, "(cat)");
    // ...and hyperfine when installed (the inputs made above are reused).
    let default = quick_bench(&bin, &out, &["--small-bytes", "0"]);
    check_shape(&default, "(cat)");
    std::fs::remove_dir_all(&out).unwrap();
}
