//! `--scale PROBLEM`: how a program's time and memory grow with the maze, and whether it will
//! pass at the problem's largest size, found on small mazes before any big test fails.
//!
//! Why: a solution that is right but quadratic, or that keeps a string per cell, passes every
//! small test and dies on the judge's last one. The probe runs the program on the generator
//! kinds the problem names (`Ours::scale`: for a grid serpentine, the longest shortest path;
//! perfect maze; rooms; open field) at doubling sizes, from 16 x 16 until the target size, or
//! until a run takes a quarter of the time limit (enough to see the trend, without waiting
//! for the TLE itself). Per kind it fits a power law to the CPU time of the two largest runs
//! (`t = k * cells^p`, so a quadratic program shows `p` near 2) and a straight line to the
//! peak memory, and extrapolates both to the target: the problem's origin maximum
//! (`origin_max_rows` x `origin_max_cols` in info.toml), else 4000 x 4000 (the benchmark
//! size), or `--scale-to RxC`.
//!
//! Times under 20 ms are mostly start-up, so a kind whose largest run is that fast is
//! extrapolated linearly (`p` = 1) from it, and a prediction is only as good as the runs it
//! rests on: the table shows them all.

use std::fs;
use std::path::Path;

use crate::args::Options;
use crate::judge::problem::Problem;
use crate::judge::verdict;
use crate::run::program::Program;
use crate::run::spec::{run_program, Limits};
use crate::say_text;
use crate::session::target;
use crate::session::SetupError;
use crate::text::{mib, short};

/// The smallest side probed.
const FIRST_SIDE: u64 = 16;

/// A run of the probe.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    pub cells: f64,
    pub cpu_ms: f64,
    pub peak_kib: f64,
}

/// The time and memory predicted at `cells` from the runs of one kind (at least one), and
/// the exponent of the time's growth. The smallest run's time counts as start-up (an
/// interpreter's 150 ms is no part of the growth): it is taken off before the fit and added
/// back to the prediction.
pub fn predict(points: &[Point], cells: f64) -> (f64, f64, f64) {
    let last = points[points.len() - 1];
    let ratio = cells / last.cells;
    let floor = points
        .iter()
        .map(|p| p.cpu_ms)
        .fold(f64::INFINITY, f64::min);
    let work = |p: &Point| (p.cpu_ms - floor).max(1.0);
    let exponent = match points {
        [.., a, b] if work(a) >= 20.0 && work(b) > work(a) && b.cells > a.cells => {
            ((work(b) / work(a)).ln() / (b.cells / a.cells).ln()).max(1.0)
        }
        _ => 1.0,
    };
    let time = floor + work(&last) * ratio.powf(exponent);
    let memory = match points {
        [.., a, b] if b.cells > a.cells => {
            let slope = ((b.peak_kib - a.peak_kib) / (b.cells - a.cells)).max(0.0);
            b.peak_kib + slope * (cells - b.cells)
        }
        _ => last.peak_kib,
    };
    (time, memory, exponent)
}

/// The target size: `--scale-to`, else the origin's maximum, else 4000 x 4000.
fn target(p: &Problem, o: &Options) -> (u64, u64) {
    if let Some(to) = o.scale_to {
        return (u64::from(to.0), u64::from(to.1));
    }
    match (p.info.origin_max_rows, p.info.origin_max_cols) {
        (Some(r), Some(c)) => (r, c),
        _ => (4000, 4000),
    }
}

/// The header line: what runs, the target size, the limits and the isolation mechanism, as
/// every mode's header is, one line of a wide terminal; with -v in full (where the limits came
/// from, the wall backstop, the accounting, what the isolation enforces).
fn header(
    p: &Problem,
    o: &Options,
    program: &Program,
    limits: &Limits,
    size: (u64, u64),
) -> String {
    use crate::show::report;
    let head = format!(
        "# scale {}: {} | target {}x{}",
        p.name,
        short(&program.describe()),
        size.0,
        size.1
    );
    if !o.run.sandbox.verbose {
        return format!(
            "{head} | limits {} | {}",
            report::limits_brief(limits),
            report::isolation_brief()
        );
    }
    let source = match &p.info_path {
        Some(path) => format!("from {}", short(&path.display().to_string())),
        None => "defaults".to_string(),
    };
    format!(
        "{head} | limits {} ({source} and options) | {} | {}",
        report::limits_text(limits),
        report::ACCOUNTING,
        report::isolation_text()
    )
}

/// Probes `name`; `Ok(true)` when every kind is predicted to pass at the target size.
pub fn run(o: &Options, name: &str) -> Result<bool, SetupError> {
    let dirs = o.dirs();
    let p = Problem::open(&dirs.problems, name)?;
    let ours = crate::ours::get(name).map_err(|e| e.to_string())?;
    let scale = ours.scale().map_err(|e| e.to_string())?;
    let program = target::program(&p, o, &dirs)?;
    let limits = target::limits(&p, o);
    let (rows, cols) = target(&p, o);
    let target_cells = (rows * cols) as f64;
    let dir = dirs.out.join("scale").join(name);
    fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let input = dir.join("input.in");
    let (out, err) = (dir.join("got"), dir.join("stderr"));
    say_text!("{}", header(&p, o, &program, &limits, (rows, cols)));
    let mut all_pass = true;
    for &kind in scale.kinds {
        let mut points = Vec::new();
        let mut failed = None;
        let mut side = FIRST_SIDE.min(rows.max(cols));
        loop {
            let (r, c) = (side.min(rows).max(2), side.min(cols).max(2));
            let Ok(made) = ours.generate(kind, &(scale.sizes)(r, c), 1) else {
                // A kind this size cannot take (a maze needs room for corridors): skip it.
                break;
            };
            fs::write(&input, made).map_err(|e| format!("{}: {e}", input.display()))?;
            let run = run_program(&program, &[], Some(&input), &out, &err, limits)?;
            let point = Point {
                cells: (r * c) as f64,
                cpu_ms: run.cpu_ms as f64,
                peak_kib: run.peak_kib as f64,
            };
            say_text!(
                "  {kind:<10} {:>11} {:>8} ms cpu {:>10}",
                format!("{r}x{c}"),
                run.cpu_ms,
                mib(run.peak_kib)
            );
            crate::say_json!({
                "mode": "scale", "kind": kind, "rows": r, "cols": c,
                "cpu_ms": run.cpu_ms, "wall_ms": run.wall_ms, "peak_rss_kib": run.peak_kib,
            });
            if let Some((v, why)) = verdict::of_run(&run, &limits, 0)? {
                failed = Some(format!("{} already at {r}x{c}: {why}", v.name()));
                break;
            }
            points.push(point);
            let done = r >= rows && c >= cols;
            if done || run.cpu_ms * 4 > limits.time_ms {
                break;
            }
            side *= 2;
        }
        let verdict = match (failed, points.is_empty()) {
            (Some(f), _) => {
                all_pass = false;
                f
            }
            (None, true) => "not probed (the generator cannot make this kind)".to_string(),
            (None, false) => {
                let (time, memory, exponent) = predict(&points, target_cells);
                let over_time = time > limits.time_ms as f64;
                let over_memory = memory > limits.memory_kib as f64;
                all_pass &= !over_time && !over_memory;
                format!(
                    "{}: predicted {:.0} ms cpu (time ~ cells^{exponent:.2}), {} at {rows}x{cols}",
                    match (over_time, over_memory) {
                        (true, true) => "TLE and MLE",
                        (true, false) => "TLE",
                        (false, true) => "MLE",
                        (false, false) => "OK",
                    },
                    time,
                    mib(memory as u64)
                )
            }
        };
        say_text!("{kind}: {verdict}");
        crate::say_json!({ "mode": "scale", "kind": kind, "prediction": verdict });
    }
    let _ = fs::remove_file(Path::new(&out));
    crate::say_json!({ "summary": true, "mode": "scale", "pass": all_pass });
    say_text!(
        "{}",
        if all_pass {
            "scale: every kind is predicted to pass"
        } else {
            "scale: predicted to fail (see above)"
        }
    );
    Ok(all_pass)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(cells: f64, cpu_ms: f64, peak_kib: f64) -> Point {
        Point {
            cells,
            cpu_ms,
            peak_kib,
        }
    }

    #[test]
    fn a_quadratic_program_is_extrapolated_as_one() {
        // 5 ms of start-up, then 25 and 400 ms of work.
        let quadratic = [
            point(1e2, 5.0, 2000.0),
            point(1e4, 30.0, 2000.0),
            point(4e4, 405.0, 2000.0),
        ];
        let (time, _, exponent) = predict(&quadratic, 4e6);
        assert!((exponent - 2.0).abs() < 1e-9);
        assert!((time - 4e6 - 5.0).abs() < 1.0, "{time}");
        // Linear in memory: 1 KiB a cell more.
        let linear = [
            point(1e2, 0.0, 1e2),
            point(1e4, 30.0, 1e4),
            point(4e4, 120.0, 4e4),
        ];
        let (time, memory, exponent) = predict(&linear, 4e6);
        assert!(
            (exponent - 1.0).abs() < 1e-9 && (time - 12000.0).abs() < 1e-6,
            "{time}"
        );
        assert!((memory - 4e6).abs() < 1e-3, "{memory}");
        // Start-up noise is not growth: fast runs are extrapolated linearly.
        let fast = [point(1e4, 2.0, 1500.0), point(4e4, 9.0, 1500.0)];
        assert_eq!(predict(&fast, 4e6).2, 1.0);
    }
}
