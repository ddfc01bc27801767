//! `scripts/bench --quick` on robot-maze: the suite runs end to end (generator, our
//! binary, the literal, seed (C++, when g++ is installed), prototype (when the shared
//! folder holds it) and floor baselines, with hyperfine when installed and with the
//! built-in loop) and prints its table; and `bench judge --quick`, the judge's overhead on
//! tiny cases against a shell loop. Shape only: timings on a shared machine prove nothing
//! in a test.
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

/// Runs the bench with `extra` options on robot-maze, quick, from the repository `root`;
/// returns stdout.
fn quick_bench(bin: &Path, out: &Path, root: &Path, extra: &[&str]) -> String {
    bench(bin, out, root, &[&["robot-maze"], extra].concat())
}

/// Runs `bfs-judge bench --quick` with `args`, one run and no warm-up; returns stdout.
fn bench(bin: &Path, out: &Path, root: &Path, args: &[&str]) -> String {
    let o = Command::new(bin.join("bfs-judge"))
        .args([
            "bench",
            "--quick",
            "--no-huge",
            "--runs",
            "1",
            "--warmup",
            "0",
        ])
        .args(args)
        .arg("--root")
        .arg(root)
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
/// ones, the huge ones skipped) with eleven cells, or thirteen with the prototype's, the
/// literal measured and agreeing, the seed's C++ measured when `g++` and the seeds are there
/// (else "—"), the prototype's columns exactly when it was built (else a notice), the floor
/// of the expected kind, and a line per target. Returns whether the prototype ran.
fn check_shape(stdout: &str, floor: &str) -> bool {
    let rows: Vec<Vec<&str>> = stdout
        .lines()
        .filter(|l| l.starts_with("| "))
        .map(|l| l.trim_matches('|').split(" | ").map(str::trim).collect())
        .collect();
    assert!(rows.len() == 4, "header and three rows expected:\n{stdout}");
    assert_eq!(rows[0][0], "workload", "{stdout}");
    let prototype = rows[0].contains(&"prototype");
    let notice = stdout
        .lines()
        .any(|l| l.starts_with("Not run: ") && l.contains("the prototype ("));
    assert!(
        prototype != notice,
        "the prototype's columns or why not:\n{stdout}"
    );
    let cells = if prototype { 13 } else { 11 };
    assert_eq!(rows[0].len(), cells, "{:?}", rows[0]);
    for (row, name) in rows[1..]
        .iter()
        .zip(["random-4000", "corners-4000", "serpentine-4001x4000"])
    {
        assert_eq!(row.len(), cells, "{cells} cells: {row:?}");
        assert_eq!(row[0], format!("robot-maze/{name}"));
        let floor_at = cells - 2;
        for cell in [row[3], row[5], row[floor_at]] {
            assert!(cell.contains(" ms"), "a time: {cell:?} in {row:?}");
        }
        let seed = row[7] == "—" && row[8] == "—"
            || row[7].contains(" ms") && row[7].ends_with("MiB") && row[8].ends_with('x');
        assert!(seed, "the seed's time and ratio, or none: {row:?}");
        if prototype {
            assert!(
                row[9].contains(" ms") && row[9].ends_with("MiB"),
                "the prototype's time and peak RSS: {row:?}"
            );
            assert!(
                row[10].ends_with('x'),
                "a prototype ratio, outputs equal: {row:?}"
            );
        }
        assert!(row[4].ends_with("MiB"), "a peak RSS: {row:?}");
        assert!(
            row[6].ends_with('x'),
            "a literal ratio, outputs equal: {row:?}"
        );
        assert!(row[floor_at].ends_with(floor), "a {floor} floor: {row:?}");
        assert!(row[floor_at + 1].ends_with('x'), "a floor ratio: {row:?}");
    }
    let targets: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with("- robot-maze/"))
        .collect();
    // random-4000 against the literal; corners-4000 against the seed and the prototype; the
    // serpentine against all three.
    assert_eq!(targets.len(), 6, "{stdout}");
    let against_prototype = targets.iter().filter(|l| l.contains("the prototype"));
    assert_eq!(against_prototype.count(), 2, "{stdout}");
    assert!(stdout.contains("Machine: ") && stdout.contains("Load average"));
    assert!(
        stdout.contains("robot-maze/random-10000 (--no-huge)"),
        "{stdout}"
    );
    prototype
}

#[test]
fn quick_bench_prints_the_table_with_every_timer() {
    let bin = bin_dir();
    let out = bin.join(format!("bench-tests-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    let root = support::root();
    // Small inputs: spawned directly against the start-up floor.
    let direct = quick_bench(&bin, &out, &root, &["--no-hyperfine"]);
    let prototype = check_shape(&direct, "(start-up)");
    // The prototype ran if and only if the shared folder holds it.
    let anchor = root.join("../shared/anchors/robot-tiles-proto/Cargo.toml");
    assert_eq!(prototype, anchor.is_file(), "{direct}");
    // Everything through `sh -c` and the `cat` floor: the built-in loop...
    let own = quick_bench(&bin, &out, &root, &["--no-hyperfine", "--small-bytes", "0"]);
    assert!(own.contains("built-in loop"), "{own}");
    check_shape(&own, "(cat)");
    // ...and hyperfine when installed (the inputs made above are reused).
    let default = quick_bench(&bin, &out, &root, &["--small-bytes", "0"]);
    check_shape(&default, "(cat)");
    // A root with no shared folder beside it: no seeds, no prototype, and notices saying so.
    let lone = out.join("lone-root");
    std::fs::create_dir_all(&lone).unwrap();
    let alone = quick_bench(&bin, &out, &lone, &["--no-hyperfine"]);
    assert!(!check_shape(&alone, "(start-up)"), "{alone}");
    assert!(alone.contains("the seeds' C++ baselines ("), "{alone}");
    std::fs::remove_dir_all(&out).unwrap();
}

#[test]
fn quick_bench_times_the_judge_against_a_shell_loop() {
    let bin = bin_dir();
    let out = bin.join(format!("bench-judge-tests-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    let stdout = bench(&bin, &out, &support::root(), &["judge"]);
    std::fs::remove_dir_all(&out).unwrap();
    if stdout.contains("no C compiler") {
        return;
    }
    // Only the judge's section: no solver table, no solver targets.
    assert!(!stdout.contains("| workload |"), "{stdout}");
    let rows: Vec<Vec<&str>> = stdout
        .lines()
        .filter(|l| l.starts_with("| "))
        .map(|l| l.trim_matches('|').split(" | ").map(str::trim).collect())
        .collect();
    let oj = !stdout.contains("`oj test` on judge/50-tiny (");
    assert_eq!(rows.len(), if oj { 5 } else { 4 }, "{stdout}");
    assert_eq!(rows[0][0], "command", "{stdout}");
    assert!(rows[1][0].starts_with("shell loop"), "{stdout}");
    assert!(rows[2][0].contains("bfs-judge test") && !rows[2][0].contains("-j 2"));
    assert!(rows[3][0].contains("-j 2"), "{stdout}");
    for row in &rows[1..] {
        assert_eq!(row.len(), 4, "{row:?}");
        assert!(
            row[1].ends_with(" ms") && row[2].ends_with(" ms"),
            "{row:?}"
        );
    }
    assert!(rows[2][3].ends_with(" ms") && rows[2][3].starts_with(['+', '-']));
    let targets: Vec<&str> = stdout.lines().filter(|l| l.starts_with("- ")).collect();
    assert_eq!(targets.len(), 1, "{stdout}");
    assert!(
        targets[0].starts_with("- judge/50-tiny: `bfs-judge test` ")
            && targets[0].contains("ms a case over the shell loop"),
        "{stdout}"
    );
}
