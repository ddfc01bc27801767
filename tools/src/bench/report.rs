//! The report: the Markdown table of the measured workloads, one line per target (the
//! figure, the goal, met or not), the machine it ran on, and the README section between
//! the `bench` markers that `--write-readme` replaces.

use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

use super::timing::Timing;
use super::workloads::Target;

/// A measured workload: a row of the table.
pub struct Row {
    pub name: &'static str,
    pub input_bytes: u64,
    pub output_bytes: u64,
    pub ours: Timing,
    /// Peak RSS of our binary in KiB.
    pub peak_kib: u64,
    pub literal: Option<Timing>,
    pub literal_peak_kib: Option<u64>,
    /// Whether our output equals the literal's (None when the literal did not run).
    pub same: Option<bool>,
    /// The seed's C++ program: its time and peak RSS, when built.
    pub seed: Option<(Timing, u64)>,
    pub floor: Timing,
    pub floor_kind: &'static str,
    pub targets: &'static [Target],
}

/// A duration in milliseconds, to three significant figures or so.
fn ms(d: Duration) -> String {
    let ms = d.as_secs_f64() * 1000.0;
    if ms >= 100.0 {
        format!("{ms:.0} ms")
    } else if ms >= 10.0 {
        format!("{ms:.1} ms")
    } else {
        format!("{ms:.2} ms")
    }
}

/// Bytes in MiB, to two significant figures or so.
fn mib(bytes: u64) -> String {
    let m = bytes as f64 / (1024.0 * 1024.0);
    if m >= 10.0 {
        format!("{m:.0} MiB")
    } else {
        format!("{m:.1} MiB")
    }
}

/// `a / b`, safe for a zero `b`.
fn ratio(a: Duration, b: Duration) -> f64 {
    a.as_secs_f64() / b.as_secs_f64().max(1e-9)
}

/// The Markdown table.
pub fn table(rows: &[Row]) -> String {
    let mut t = String::from(
        "| workload | input | output | median | peak RSS | literal | literal / ours | seed (C++) | seed / ours | floor | ours / floor |\n\
         |---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    for r in rows {
        let (literal, speedup) = match r.literal {
            Some(l) => {
                let same = match r.same {
                    Some(false) => " (OUTPUT DIFFERS)",
                    _ => "",
                };
                let peak = r
                    .literal_peak_kib
                    .map(|k| format!(", {}", mib(k * 1024)))
                    .unwrap_or_default();
                (
                    format!("{}{peak}", ms(l.median)),
                    format!("{:.1}x{same}", ratio(l.median, r.ours.median)),
                )
            }
            None => ("—".to_string(), "—".to_string()),
        };
        let (seed, seed_speedup) = match r.seed {
            Some((s, peak)) => (
                format!("{}, {}", ms(s.median), mib(peak * 1024)),
                format!("{:.1}x", ratio(s.median, r.ours.median)),
            ),
            None => ("—".to_string(), "—".to_string()),
        };
        let _ = writeln!(
            t,
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} ({}) | {:.1}x |",
            r.name,
            mib(r.input_bytes),
            mib(r.output_bytes),
            ms(r.ours.median),
            mib(r.peak_kib * 1024),
            literal,
            speedup,
            seed,
            seed_speedup,
            ms(r.floor.median),
            r.floor_kind,
            ratio(r.ours.median, r.floor.median),
        );
    }
    t
}

/// One line per target: the figure, the goal, met or not.
pub fn targets(rows: &[Row]) -> (String, bool) {
    let mut s = String::new();
    let mut all = true;
    for (r, &target) in rows
        .iter()
        .flat_map(|r| r.targets.iter().map(move |t| (r, t)))
    {
        let (figure, met) = match target {
            Target::Literal(x) | Target::LiteralStreamed(x) => match r.literal {
                Some(l) => {
                    let got = ratio(l.median, r.ours.median);
                    let mut figure = format!("{got:.1}x faster than literal (target >= {x}x)");
                    let mut met = got >= x && r.same == Some(true);
                    if r.same == Some(false) {
                        figure.push_str("; output differs from literal");
                    }
                    if let Target::LiteralStreamed(_) = target {
                        let streamed = r.peak_kib * 1024 < r.output_bytes;
                        let _ = write!(
                            figure,
                            "; peak RSS {} {} the {} output: {}",
                            mib(r.peak_kib * 1024),
                            if streamed { "<" } else { ">=" },
                            mib(r.output_bytes),
                            if streamed { "streamed" } else { "NOT streamed" }
                        );
                        met &= streamed;
                    }
                    (figure, met)
                }
                None => ("literal not run".to_string(), false),
            },
            Target::Memory { factor, plus_mib } => {
                let limit = (r.input_bytes as f64 * factor) as u64 + plus_mib * 1024 * 1024;
                let peak = r.peak_kib * 1024;
                (
                    format!(
                        "completed in {}; peak RSS {} (target <= {factor} x {} + {plus_mib} MiB = {})",
                        ms(r.ours.median),
                        mib(peak),
                        mib(r.input_bytes),
                        mib(limit)
                    ),
                    peak <= limit,
                )
            }
            Target::AsFastAs(other) => match rows.iter().find(|o| o.name == other) {
                Some(o) => {
                    let got = ratio(r.ours.median, o.ours.median);
                    (
                        format!(
                            "{} vs {other} {}: {got:.2}x its time (target <= 1)",
                            ms(r.ours.median),
                            ms(o.ours.median)
                        ),
                        got <= 1.0,
                    )
                }
                None => (format!("{other} not measured in this run"), false),
            },
            Target::Floor { factor, mib: limit } => {
                let got = ratio(r.ours.median, r.floor.median);
                let peak = r.peak_kib * 1024;
                (
                    format!(
                        "{got:.2}x the {} floor (target <= {factor}x); peak RSS {} (target < {limit} MiB)",
                        r.floor_kind,
                        mib(peak)
                    ),
                    got <= factor && peak < limit * 1024 * 1024,
                )
            }
            Target::Under(limit) => (
                format!("{} (target < {limit} ms)", ms(r.ours.median)),
                r.ours.median < Duration::from_millis(limit),
            ),
            Target::Seed(x) => match r.seed {
                Some((s, _)) => {
                    let got = ratio(s.median, r.ours.median);
                    (
                        format!(
                            "{got:.1}x faster than the seed's C++ ({} vs {}; target >= {x}x)",
                            ms(r.ours.median),
                            ms(s.median)
                        ),
                        got >= x,
                    )
                }
                None => ("the seed's C++ program was not run".to_string(), false),
            },
            Target::PeakUnder(limit) => {
                let peak = r.peak_kib * 1024;
                (
                    format!("peak RSS {} (target <= {limit} MiB)", mib(peak)),
                    peak <= limit * 1024 * 1024,
                )
            }
        };
        all &= met;
        let _ = writeln!(
            s,
            "- {}: {figure}: **{}**",
            r.name,
            if met { "met" } else { "NOT met" }
        );
    }
    (s, all)
}

/// The machine: CPU model, cores, memory, load, compiler.
pub fn machine() -> String {
    let lscpu = Command::new("lscpu")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
        .unwrap_or_default();
    let model = lscpu
        .lines()
        .find_map(|l| l.strip_prefix("Model name:"))
        .map(str::trim)
        .unwrap_or("unknown CPU");
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    let memory = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|m| {
            m.lines()
                .find_map(|l| l.strip_prefix("MemTotal:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        })
        .map_or("unknown memory".to_string(), |kib| {
            format!("{:.1} GiB", kib as f64 / (1024.0 * 1024.0))
        });
    let rustc = Command::new(std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into()))
        .arg("--version")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_else(|_| "rustc unknown".into());
    format!("{model}, {cores} cores available, {memory} RAM; {rustc}")
}

/// The load averages over 1, 5 and 15 minutes.
pub fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

/// README.md's markers around the generated section.
const BEGIN: &str = "<!-- bench:begin -->";
const END: &str = "<!-- bench:end -->";

/// Replaces the text between the markers of README.md (or appends the section).
pub fn write_readme(root: &Path, body: &str) -> Result<(), String> {
    let path = root.join("README.md");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("reading {path:?}: {e}"))?;
    let block = format!(
        "{BEGIN}\n(Generated by `scripts/bench --write-readme`; `scripts/bench --help`.)\n\n{body}{END}"
    );
    let new = match (text.find(BEGIN), text.find(END)) {
        (Some(b), Some(e)) if b < e => format!("{}{block}{}", &text[..b], &text[e + END.len()..]),
        _ => format!(
            "{}\n## Performance\n\nMeasured by `scripts/bench --write-readme` (see `scripts/bench --help`).\n\n{block}\n",
            text.trim_end()
        ),
    };
    std::fs::write(&path, new).map_err(|e| format!("writing {path:?}: {e}"))
}
