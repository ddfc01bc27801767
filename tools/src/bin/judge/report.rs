//! What the judge prints: one line per case (verdict, CPU and wall time, peak memory, name)
//! with its detail lines under it, a summary per problem, a progress line on a terminal, and
//! the helpers that keep every line readable (cut to the terminal's width, control characters
//! escaped).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{self, IsTerminal, Write};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use crate::problem::Problem;
use crate::sandbox::Limits;
use crate::sys;
use crate::verdict::{Outcome, Verdict};

/// `println!` that ends the judge quietly when stdout is gone (`scripts/judge | head`) instead
/// of panicking.
#[macro_export]
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let mut out = std::io::stdout().lock();
        if writeln!(out, $($arg)*).and_then(|_| out.flush()).is_err() {
            std::process::exit(1);
        }
    }};
}

/// `say!` for the plain-text report only: silent under `--json`, where the modes print JSON
/// objects instead ([`json!`]).
#[macro_export]
macro_rules! text {
    ($($arg:tt)*) => {{
        if !$crate::report::json_mode() {
            $crate::say!($($arg)*);
        }
    }};
}

/// Prints one JSON object on its own line, under `--json` only.
#[macro_export]
macro_rules! json {
    ($($value:tt)+) => {{
        if $crate::report::json_mode() {
            $crate::say!("{}", serde_json::json!($($value)+));
        }
    }};
}

static JSON: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Sets `--json` for the whole run (main, once).
pub fn set_json_mode(on: bool) {
    JSON.store(on, std::sync::atomic::Ordering::Relaxed);
}

/// Whether the run speaks JSON.
pub fn json_mode() -> bool {
    JSON.load(std::sync::atomic::Ordering::Relaxed)
}

/// The width lines are cut to: `COLUMNS`, else the terminal's, else 100.
pub fn width() -> usize {
    static WIDTH: OnceLock<usize> = OnceLock::new();
    *WIDTH.get_or_init(|| {
        std::env::var("COLUMNS")
            .ok()
            .and_then(|c| c.trim().parse().ok())
            .or_else(sys::terminal_width)
            .filter(|&w: &usize| w >= 20)
            .unwrap_or(100)
    })
}

/// `s` cut to `width` characters (an ellipsis marks the cut).
pub fn fit(s: &str, width: usize) -> String {
    if s.chars().count() <= width {
        return s.to_string();
    }
    let mut t: String = s.chars().take(width.saturating_sub(1)).collect();
    t.push('…');
    t
}

/// Bytes shown as text, one to one: printable characters as they are, every other byte
/// escaped (`\x00`, `\x1b`, `\xff` for a byte that is not UTF-8; a control character beyond
/// ASCII as `\u{85}`), and `\` itself as `\\`, so that two different byte strings never look
/// alike and a program's output can never drive the terminal.
pub fn printable(bytes: &[u8]) -> String {
    escape(bytes, true)
}

/// A file or case name shown as text: as [`printable`], but a `\` stays one (names are typed
/// back as selectors).
pub fn name(bytes: &[u8]) -> String {
    escape(bytes, false)
}

fn escape(bytes: &[u8], backslash: bool) -> String {
    let mut s = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            match c {
                '\\' if backslash => s.push_str("\\\\"),
                c if c.is_control() && (c as u32) < 0x80 => {
                    let _ = write!(s, "\\x{:02x}", c as u32);
                }
                c if c.is_control() => s.extend(c.escape_unicode()),
                c => s.push(c),
            }
        }
        for b in chunk.invalid() {
            let _ = write!(s, "\\x{b:02x}");
        }
    }
    s
}

/// A detail line under a case: indented, cut to the terminal's width.
pub fn detail(text: &str) -> String {
    fit(&format!("    {text}"), width())
}

pub fn mib(kib: u64) -> String {
    format!("{:.1} MiB", kib as f64 / 1024.0)
}

/// `AC     12 ms cpu     15 ms wall     3.2 MiB  robot-maze/sample`, then the detail lines.
/// With a checker, its wall time comes before the name (`checker 18 ms`).
pub fn case_line(o: &Outcome, name: &str) -> String {
    let checker = o
        .checker_ms
        .map_or(String::new(), |ms| format!("  checker {ms:>5} ms"));
    let mut s = format!(
        "{} {:>6} ms cpu {:>6} ms wall {:>7.1} MiB{checker}  {name}",
        crate::style::verdict(o.verdict, &format!("{:<3}", o.verdict.name())),
        o.cpu_ms,
        o.wall_ms,
        o.peak_kib as f64 / 1024.0
    );
    for d in &o.detail {
        let _ = write!(s, "\n{d}");
    }
    s
}

/// The header line of a problem: what runs, the limits and how answers are compared.
pub fn header(p: &Problem, program: &str, limits: &Limits, mode: &str) -> String {
    let source = match &p.info_path {
        Some(path) => format!("from {}", short(&path.display().to_string())),
        None => "defaults".to_string(),
    };
    format!(
        "# {}: {program} | limits {}, {source} and options | {mode} | {ACCOUNTING}",
        p.name,
        limits_text(limits)
    )
}

/// How the run's figures are measured, as the header lines say.
pub const ACCOUNTING: &str = "process tree accounted from /proc";

/// `1000 ms cpu (3000 ms wall), 256 MiB, output 64 MiB`.
pub fn limits_text(limits: &Limits) -> String {
    let time = if limits.wall_time {
        format!("{} ms wall", limits.time_ms)
    } else {
        format!(
            "{} ms cpu ({} ms wall)",
            limits.time_ms,
            limits.wall_backstop_ms()
        )
    };
    format!(
        "{time}, {} MiB, output {} MiB",
        limits.memory_kib / 1024,
        limits.output_bytes >> 20
    )
}

/// A case as one JSON object (`--json`): the detail lines joined, without indentation.
pub fn case_json(problem: &str, case: &str, o: &Outcome) -> String {
    let detail: Vec<&str> = o.detail.iter().map(|l| l.trim_start()).collect();
    let mut v = serde_json::json!({
        "problem": problem,
        "case": case,
        "verdict": o.verdict.name(),
        "wall_ms": o.wall_ms,
        "cpu_ms": o.cpu_ms,
        "peak_rss_kib": o.peak_kib,
        "detail": detail.join("\n"),
    });
    if let Some(ms) = o.checker_ms {
        v["checker_ms"] = ms.into();
    }
    v.to_string()
}

/// A setup error as one JSON object (`--json`): `{"error": ..., "exit": 2}`.
pub fn error_json(message: &str) -> String {
    serde_json::json!({ "error": message, "exit": 2 }).to_string()
}

/// The run's summary as one JSON object (`--json`).
pub fn summary_json(tallies: &[Tally]) -> String {
    let mut verdicts = serde_json::Map::new();
    for v in Verdict::ALL {
        let n: usize = tallies
            .iter()
            .map(|t| t.counts.get(v.name()).copied().unwrap_or(0))
            .sum();
        if n > 0 {
            verdicts.insert(v.name().to_string(), n.into());
        }
    }
    serde_json::json!({
        "summary": true,
        "passed": tallies.iter().map(|t| t.passed).sum::<usize>(),
        "failed": tallies.iter().map(|t| t.failed).sum::<usize>(),
        "verdicts": verdicts,
    })
    .to_string()
}

/// Counts per problem for its summary line.
#[derive(Default)]
pub struct Tally {
    counts: BTreeMap<&'static str, usize>,
    max_cpu_ms: u64,
    max_wall_ms: u64,
    max_kib: u64,
    /// The checker's wall time, summed over the cases it judged.
    checker_ms: Option<u64>,
    pub passed: usize,
    pub failed: usize,
}

impl Tally {
    pub fn add(&mut self, o: &Outcome) {
        *self.counts.entry(o.verdict.name()).or_default() += 1;
        self.max_cpu_ms = self.max_cpu_ms.max(o.cpu_ms);
        self.max_wall_ms = self.max_wall_ms.max(o.wall_ms);
        self.max_kib = self.max_kib.max(o.peak_kib);
        if let Some(ms) = o.checker_ms {
            self.checker_ms = Some(self.checker_ms.unwrap_or(0) + ms);
        }
        if o.verdict == Verdict::Ac {
            self.passed += 1;
        } else {
            self.failed += 1;
        }
    }

    pub fn summary(&self, problem: &str, limits: &Limits) -> String {
        let counts: Vec<String> = Verdict::ALL[1..]
            .iter()
            .filter_map(|v| {
                self.counts
                    .get(v.name())
                    .map(|n| format!("{n} {}", v.name()))
            })
            .collect();
        format!(
            "{problem}: {} of {} AC{}  (max {} ms cpu, {} ms wall of {} ms; {} of {} MiB{})",
            self.passed,
            self.passed + self.failed,
            if self.failed > 0 {
                format!(" [{}]", counts.join(", "))
            } else {
                String::new()
            },
            self.max_cpu_ms,
            self.max_wall_ms,
            limits.time_ms,
            mib(self.max_kib).trim_end_matches(" MiB"),
            limits.memory_kib / 1024,
            self.checker_ms
                .map_or(String::new(), |ms| format!("; checker {ms} ms in all")),
        )
    }
}

/// A progress line on stderr, on a terminal only, once a run has lasted a second.
pub struct Progress {
    on: bool,
    shown: bool,
    start: Instant,
}

impl Progress {
    pub fn new() -> Progress {
        Progress {
            on: io::stderr().is_terminal(),
            shown: false,
            start: Instant::now(),
        }
    }

    pub fn clear(&mut self) {
        if self.shown {
            eprint!("\r\x1b[K");
            self.shown = false;
        }
    }

    pub fn update(&mut self, done: usize, total: usize, what: &str) {
        if self.on && self.start.elapsed() >= Duration::from_secs(1) {
            eprint!("\r\x1b[K[{done}/{total}] {}", fit(what, 60));
            let _ = io::stderr().flush();
            self.shown = true;
        }
    }
}

/// `s` with the current directory's prefix removed from the paths in it (shorter lines).
pub fn short(s: &str) -> String {
    match std::env::current_dir() {
        Ok(cwd) => s.replace(&format!("{}/", cwd.display()), ""),
        Err(_) => s.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_cut_and_control_characters_escaped() {
        assert_eq!(fit("abcdef", 4), "abc…");
        assert_eq!(fit("abc", 4), "abc");
        assert_eq!(
            printable(b"a\x1b[31mred\tb\xff\x00\\n\xc2\x85"),
            "a\\x1b[31mred\\x09b\\xff\\x00\\\\n\\u{85}"
        );
        assert_eq!(name(b"a\\b\nc\xfe"), "a\\b\\x0ac\\xfe");
    }
}
