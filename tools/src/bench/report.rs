//! The report: the Markdown table of the measured workloads, one line per target (the
//! figure, the goal, met or not), the machine it ran on, and the README section between
//! the `bench` markers that `--write-readme` replaces.

use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

use super::error::BenchError;
use super::timing::Timing;
use super::workloads::Target;

/// A measured workload: a row of the table.
#[derive(Clone)]
pub struct Row {
    pub name: &'static str,
    pub input_bytes: u64,
    pub output_bytes: u64,
    pub ours: Timing,
    /// Peak RSS of our binary in KiB.
    pub peak_kib: u64,
    /// The literal reference, when it can run the workload.
    pub literal: Option<Baseline>,
    /// The seed's C++ program, when the workload has one and it was built.
    pub seed: Option<Baseline>,
    /// The robot-tiles prototype, when the workload times it and it was built.
    pub prototype: Option<Baseline>,
    /// The workload a [`Target::AsFastAs`] names, its program timed in the same turns.
    pub yardstick: Option<Timing>,
    pub floor: Timing,
    pub floor_kind: &'static str,
    pub targets: &'static [Target],
}

/// The judge-overhead workload measured: one median per command, the shell loop first.
pub struct Overhead {
    /// `judge/N-tiny`.
    pub name: String,
    pub cases: u32,
    /// The C compiler the program was built with.
    pub compiler: String,
    pub runs: u32,
    pub warmup: u32,
    /// The shell loop, our judge with one job and with two, `oj test` when it ran.
    pub judged: Vec<Judged>,
}

/// One command of the judge-overhead workload.
pub struct Judged {
    pub label: String,
    pub time: Timing,
}

impl Overhead {
    /// The time per case that `judged` takes beyond the shell loop's, in ms.
    fn per_case_over_loop(&self, judged: &Judged) -> f64 {
        let over = judged.time.median.as_secs_f64() - self.judged[0].time.median.as_secs_f64();
        over * 1000.0 / f64::from(self.cases)
    }

    /// Its section of the report: a sentence and a table.
    pub fn section(&self) -> String {
        let mut s = format!(
            "Judge overhead ({}): {} tiny cases (`a b` → `a+b`) judged on a C program built \
             with `{} -O2`, in a folder of their own; the commands take turns (built-in loop, \
             spawned directly), {} runs after {} warm-up. Per case: the median divided by the \
             cases; over the loop, per case: (command − loop) / cases.\n\n\
             | command | median | per case | over the loop, per case |\n\
             |---|---:|---:|---:|\n",
            self.name, self.cases, self.compiler, self.runs, self.warmup
        );
        for (k, j) in self.judged.iter().enumerate() {
            let per_case = j.time.median / self.cases;
            let over = match k {
                0 => "—".to_string(),
                _ => format!("{:+.2} ms", self.per_case_over_loop(j)),
            };
            let _ = writeln!(
                s,
                "| {} | {} | {} | {over} |",
                j.label,
                ms(j.time.median),
                ms(per_case)
            );
        }
        s
    }

    /// The target's line (issue 20): our judge (one job) at most 0.5 ms a case more than
    /// the shell loop; and whether it is met.
    pub fn target(&self) -> (String, bool) {
        const LIMIT_MS: f64 = 0.5;
        let over = self.per_case_over_loop(&self.judged[1]);
        let met = over <= LIMIT_MS;
        (
            format!(
                "- {}: `bfs-judge test` {:.2} ms a case over the shell loop ({} vs {} for {} \
                 cases; target <= {LIMIT_MS} ms): **{}**\n",
                self.name,
                over,
                ms(self.judged[1].time.median),
                ms(self.judged[0].time.median),
                self.cases,
                if met { "met" } else { "NOT met" }
            ),
            met,
        )
    }
}

/// A baseline's figures on one workload.
#[derive(Clone, Copy)]
pub struct Baseline {
    pub time: Timing,
    /// Its peak RSS in KiB.
    pub peak_kib: u64,
    /// Whether its output equals ours (`None`: not compared).
    pub same: Option<bool>,
}

impl Baseline {
    /// Its table cells: time and peak RSS; how many times our time, and whether its
    /// output differs (`digits` after the point).
    fn cells(&self, ours: Timing, digits: usize) -> (String, String) {
        let differs = match self.same {
            Some(false) => " (OUTPUT DIFFERS)",
            _ => "",
        };
        (
            format!("{}, {}", ms(self.time.median), mib(self.peak_kib * 1024)),
            format!(
                "{:.digits$}x{differs}",
                ratio(self.time.median, ours.median)
            ),
        )
    }
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

/// The Markdown table; with the prototype's columns when it was built (`prototype`).
pub fn table(rows: &[Row], prototype: bool) -> String {
    let (head, rule) = match prototype {
        true => (" prototype | prototype / ours |", "---:|---:|"),
        false => ("", ""),
    };
    let mut t = format!(
        "| workload | input | output | median | peak RSS | literal | literal / ours | seed (C++) | seed / ours |{head} floor | ours / floor |\n\
         |---|---:|---:|---:|---:|---:|---:|---:|---:|{rule}---:|---:|\n",
    );
    let none = || ("—".to_string(), "—".to_string());
    for r in rows {
        let (literal, speedup) = r.literal.map_or_else(none, |b| b.cells(r.ours, 1));
        let (seed, seed_speedup) = r.seed.map_or_else(none, |b| b.cells(r.ours, 1));
        let peer = match prototype {
            true => {
                let (p, ratio) = r.prototype.map_or_else(none, |b| b.cells(r.ours, 2));
                format!(" {p} | {ratio} |")
            }
            false => String::new(),
        };
        let _ = writeln!(
            t,
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} |{peer} {} ({}) | {:.1}x |",
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

/// One line per target: the figure, the goal, met or not; and whether all were met.
pub fn targets(rows: &[Row]) -> (String, bool) {
    let mut s = String::new();
    let mut all = true;
    for r in rows {
        for &target in r.targets {
            let (figure, met) = r.against(target, rows);
            all &= met;
            let _ = writeln!(
                s,
                "- {}: {figure}: **{}**",
                r.name,
                if met { "met" } else { "NOT met" }
            );
        }
    }
    (s, all)
}

impl Row {
    /// The row's figure for `target`, and whether it meets it; `rows` holds the workload
    /// a [`Target::AsFastAs`] names.
    fn against(&self, target: Target, rows: &[Row]) -> (String, bool) {
        let (ours, peak) = (self.ours.median, self.peak_kib * 1024);
        match target {
            Target::Literal(x) => self.against_literal(x, false),
            Target::LiteralStreamed(x) => self.against_literal(x, true),
            Target::Memory { factor, plus_mib } => {
                let limit = (self.input_bytes as f64 * factor) as u64 + plus_mib * 1024 * 1024;
                (
                    format!(
                        "completed in {}; peak RSS {} (target <= {factor} x {} + {plus_mib} MiB = {})",
                        ms(ours),
                        mib(peak),
                        mib(self.input_bytes),
                        mib(limit)
                    ),
                    peak <= limit,
                )
            }
            Target::AsFastAs(other) => self.against_yardstick(other, rows),
            Target::Floor { factor, mib: limit } => {
                let got = ratio(ours, self.floor.median);
                (
                    format!(
                        "{got:.2}x the {} floor (target <= {factor}x); peak RSS {} (target < {limit} MiB)",
                        self.floor_kind,
                        mib(peak)
                    ),
                    got <= factor && peak < limit * 1024 * 1024,
                )
            }
            Target::Under(limit) => (
                format!("{} (target < {limit} ms)", ms(ours)),
                ours < Duration::from_millis(limit),
            ),
            Target::Seed(x) => match self.seed {
                Some(s) => {
                    let got = ratio(s.time.median, ours);
                    (
                        format!(
                            "{got:.1}x faster than the seed's C++ ({} vs {}; target >= {x}x)",
                            ms(ours),
                            ms(s.time.median)
                        ),
                        got >= x,
                    )
                }
                None => ("the seed's C++ program was not run".to_string(), false),
            },
            Target::Prototype(x) => match self.prototype {
                Some(p) => {
                    let got = ratio(p.time.median, ours);
                    let mut figure = format!(
                        "{got:.2}x faster than the prototype ({} vs {}; target >= {x}x)",
                        ms(ours),
                        ms(p.time.median)
                    );
                    if p.same == Some(false) {
                        figure.push_str("; output differs from the prototype's");
                    }
                    (figure, got >= x && p.same == Some(true))
                }
                None => ("the prototype was not run".to_string(), false),
            },
            Target::PeakUnder(limit) => (
                format!("peak RSS {} (target <= {limit} MiB)", mib(peak)),
                peak <= limit * 1024 * 1024,
            ),
        }
    }

    /// [`Target::Literal`]: `x` times the literal's speed with the same output; and when
    /// `streamed` ([`Target::LiteralStreamed`]), a peak RSS below the output's size.
    fn against_literal(&self, x: f64, streamed: bool) -> (String, bool) {
        let Some(l) = self.literal else {
            return ("literal not run".to_string(), false);
        };
        let got = ratio(l.time.median, self.ours.median);
        let mut figure = format!("{got:.1}x faster than literal (target >= {x}x)");
        let mut met = got >= x && l.same == Some(true);
        if l.same == Some(false) {
            figure.push_str("; output differs from literal");
        }
        if streamed {
            let peak = self.peak_kib * 1024;
            let below = peak < self.output_bytes;
            let _ = write!(
                figure,
                "; peak RSS {} {} the {} output: {}",
                mib(peak),
                if below { "<" } else { ">=" },
                mib(self.output_bytes),
                if below { "streamed" } else { "NOT streamed" }
            );
            met &= below;
        }
        (figure, met)
    }

    /// [`Target::AsFastAs`] `other`: its time from the same turns when it was timed in
    /// them, else from its own row.
    fn against_yardstick(&self, other: &str, rows: &[Row]) -> (String, bool) {
        let (theirs, how) = match (self.yardstick, rows.iter().find(|o| o.name == other)) {
            (Some(t), _) => (t.median, "in turns with it"),
            (None, Some(o)) => (o.ours.median, "its own row, not in turns"),
            (None, None) => return (format!("{other} not measured in this run"), false),
        };
        let got = ratio(self.ours.median, theirs);
        (
            format!(
                "{} vs {other} {} ({how}): {got:.2}x its time (target <= 1)",
                ms(self.ours.median),
                ms(theirs)
            ),
            got <= 1.0,
        )
    }
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
pub fn write_readme(root: &Path, body: &str) -> Result<(), BenchError> {
    let path = root.join("README.md");
    let text = std::fs::read_to_string(&path).map_err(|e| BenchError::file("reading", &path, e))?;
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
    std::fs::write(&path, new).map_err(|e| BenchError::file("writing", &path, e))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(prototype: Option<Baseline>) -> Row {
        let t = |ms| Timing {
            median: Duration::from_millis(ms),
        };
        Row {
            name: "robot-maze/corners-4000",
            input_bytes: 16 << 20,
            output_bytes: 1 << 10,
            ours: t(50),
            peak_kib: 8 << 10,
            literal: Some(Baseline {
                time: t(500),
                peak_kib: 100 << 10,
                same: Some(true),
            }),
            seed: None,
            prototype,
            yardstick: None,
            floor: t(5),
            floor_kind: "cat",
            targets: &[Target::Seed(10.0), Target::Prototype(1.25)],
        }
    }

    /// The cells of the table's lines (header, rule, rows).
    fn cells(table: &str) -> Vec<Vec<String>> {
        table
            .lines()
            .map(|l| {
                l.trim_matches('|')
                    .split(" | ")
                    .map(|c| c.trim().to_string())
                    .collect()
            })
            .collect()
    }

    #[test]
    fn the_prototype_has_columns_only_when_built() {
        let without = cells(&table(&[row(None)], false));
        assert_eq!(without[0].len(), 11);
        assert!(without.iter().all(|l| l.len() == 11 || l.len() == 1));
        assert!(!without[0].iter().any(|c| c.contains("prototype")));
        let peer = Baseline {
            time: Timing {
                median: Duration::from_millis(75),
            },
            peak_kib: 20 << 10,
            same: Some(true),
        };
        let with = cells(&table(&[row(Some(peer)), row(None)], true));
        assert_eq!(with[0][9..11], ["prototype", "prototype / ours"]);
        assert_eq!(with[1].len(), 1, "the rule: {:?}", with[1]);
        assert_eq!(with[2].len(), 13);
        assert_eq!(with[2][9..11], ["75.0 ms, 20 MiB", "1.50x"]);
        assert_eq!(with[3][9..11], ["—", "—"]);
        let differs = Baseline {
            same: Some(false),
            ..peer
        };
        let t = table(&[row(Some(differs))], true);
        assert!(t.contains("| 1.50x (OUTPUT DIFFERS) |"), "{t}");
    }

    #[test]
    fn the_prototype_target_needs_the_ratio_and_the_same_output() {
        let peer = |ms, same| Baseline {
            time: Timing {
                median: Duration::from_millis(ms),
            },
            peak_kib: 20 << 10,
            same: Some(same),
        };
        let line = |p: Option<Baseline>| targets(&[row(p)]).0.lines().nth(1).unwrap().to_string();
        let met = line(Some(peer(75, true)));
        assert!(
            met.ends_with(
                "1.50x faster than the prototype (50.0 ms vs 75.0 ms; target >= 1.25x): **met**"
            ),
            "{met}"
        );
        assert!(line(Some(peer(60, true))).ends_with("**NOT met**"));
        let differs = line(Some(peer(75, false)));
        assert!(differs.contains("output differs") && differs.ends_with("**NOT met**"));
        assert!(line(None).contains("the prototype was not run: **NOT met**"));
    }

    #[test]
    fn as_fast_as_takes_the_yardstick_timed_in_turns() {
        let t = |ms| Timing {
            median: Duration::from_millis(ms),
        };
        let yardstick = Row {
            name: "robot-maze/random-4000",
            ours: t(20),
            targets: &[],
            ..row(None)
        };
        let held = |turns: Option<Timing>| Row {
            name: "wave/random-4000",
            ours: t(30),
            yardstick: turns,
            targets: &[Target::AsFastAs("robot-maze/random-4000")],
            ..row(None)
        };
        let line = |r: Row| targets(&[yardstick.clone(), r]).0;
        // Timed in turns, robot-maze took 32 ms: that is the figure, not its row's 20 ms.
        let met = line(held(Some(t(32))));
        assert!(
            met.contains("30.0 ms vs robot-maze/random-4000 32.0 ms (in turns with it): 0.94x")
                && met.trim_end().ends_with("**met**"),
            "{met}"
        );
        let apart = line(held(None));
        assert!(
            apart.contains("20.0 ms (its own row, not in turns): 1.50x")
                && apart.trim_end().ends_with("**NOT met**"),
            "{apart}"
        );
    }

    #[test]
    fn the_judge_overhead_is_per_case_against_the_loop() {
        let judged = |label: &str, ms| Judged {
            label: label.to_string(),
            time: Timing {
                median: Duration::from_millis(ms),
            },
        };
        let mut o = Overhead {
            name: "judge/500-tiny".to_string(),
            cases: 500,
            compiler: "cc".to_string(),
            runs: 5,
            warmup: 1,
            judged: vec![
                judged("loop", 1000),
                judged("judge", 1400),
                judged("judge -j 2", 600),
            ],
        };
        let section = o.section();
        let rows = cells(&section[section.find("| command").unwrap()..]);
        assert_eq!(rows.len(), 5, "{section}");
        assert_eq!(rows[2], ["loop", "1000 ms", "2.00 ms", "—"]);
        assert_eq!(rows[3], ["judge", "1400 ms", "2.80 ms", "+0.80 ms"]);
        assert_eq!(rows[4], ["judge -j 2", "600 ms", "1.20 ms", "-0.80 ms"]);
        let (line, met) = o.target();
        assert!(
            !met && line.contains(" 0.80 ms a case over the shell loop"),
            "{line}"
        );
        o.judged[1] = judged("judge", 1200);
        let (line, met) = o.target();
        assert!(met && line.ends_with("**met**\n"), "{line}");
    }
}
