//! What the judge prints: one line per case (verdict, CPU and wall time, peak memory, name)
//! with its detail lines under it, a summary per problem, a progress line on a terminal, and
//! the helpers that keep every line readable (cut to the terminal's width, control characters
//! escaped).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{self, IsTerminal, Write};
use std::time::{Duration, Instant};

use crate::judge::format::Score;
use crate::judge::problem::Problem;
use crate::judge::verdict::{Outcome, Verdict};
use crate::run::spec::Limits;
use crate::text::{fit, mib, short};

/// `AC     12 ms cpu     15 ms wall     3.2 MiB  robot-maze/sample`, then the detail lines.
/// With a checker, its wall time comes before the name (`checker 18 ms`); with an interactor, its
/// CPU time (`interactor 3 ms`: it runs as long as the exchange).
pub fn case_line(o: &Outcome, name: &str) -> String {
    let checker: String = helpers(o)
        .map(|(who, ms)| format!("  {who} {ms:>5} ms"))
        .collect();
    let mut s = format!(
        "{} {:>6} ms cpu {:>6} ms wall {:>7.1} MiB{checker}  {name}",
        crate::show::style::verdict(o.verdict, &format!("{:<3}", o.verdict.name())),
        o.cpu_ms,
        o.wall_ms,
        o.peak_kib as f64 / 1024.0
    );
    for d in &o.detail {
        let _ = write!(s, "\n{d}");
    }
    s
}

/// The header line of a problem: what runs, the limits, how answers are compared and the
/// isolation mechanism, in one line of a wide terminal (issue 42: in full it was 330
/// characters, three lines each run). `verbose` (`-v`) says it in full: where the limits came
/// from (and the time limit, when `time` says it), the wall backstop, the output and stack
/// limits, how the figures are measured, and what the isolation enforces.
pub fn header(
    p: &Problem,
    program: &str,
    limits: &Limits,
    time: Option<&str>,
    mode: &str,
    verbose: bool,
) -> String {
    if !verbose {
        return format!(
            "# {}: {program} | limits {} | {mode} | {}",
            p.name,
            limits_brief(limits),
            isolation_brief()
        );
    }
    let mut source = match &p.info_path {
        Some(path) => format!("from {}", short(&path.display().to_string())),
        None => "defaults".to_string(),
    };
    if let Some(time) = time {
        source = format!("{time}; the rest {source}");
    }
    format!(
        "# {}: {program} | limits {} ({source} and options) | {mode} | {ACCOUNTING} | {}",
        p.name,
        limits_text(limits),
        isolation_text()
    )
}

/// The isolation in force, as the header says it with `-v`.
pub fn isolation_text() -> String {
    let s = crate::run::sandbox::settings();
    crate::run::jail::describe(s.mechanism, s.why_none.as_deref())
}

/// The isolation in force, as the short header says it: the mechanism's name; where it is
/// none, a pointer to why and what that leaves open.
pub fn isolation_brief() -> String {
    match crate::run::sandbox::settings().mechanism {
        crate::run::jail::Mechanism::None => {
            "isolation: none (-v says why and what it leaves open)".to_string()
        }
        m => format!("isolation: {}", m.name()),
    }
}

/// `1000 ms cpu, 256 MiB` (`ms wall` with `--wall-time`; `, stack N MiB` where a stack
/// limit is set, which decides an RE): the limits the short header names; [`limits_text`]
/// has the rest.
pub fn limits_brief(limits: &Limits) -> String {
    let stack = limits
        .stack_kib
        .map(|k| format!(", stack {} MiB", k / 1024))
        .unwrap_or_default();
    format!(
        "{} ms {}, {} MiB{stack}",
        limits.time_ms,
        if limits.wall_time { "wall" } else { "cpu" },
        limits.memory_kib / 1024
    )
}

/// How the run's figures are measured, as the header lines say.
pub const ACCOUNTING: &str = "process tree accounted from /proc";

/// `1000 ms cpu (3000 ms wall), 256 MiB, output 64 MiB`, with `, stack N MiB` after the
/// memory where a stack limit is set.
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
    // The stack only where it is not the memory limit's default.
    let stack = limits
        .stack_kib
        .map(|k| format!(", stack {} MiB", k / 1024))
        .unwrap_or_default();
    format!(
        "{time}, {} MiB{stack}, output {} MiB",
        limits.memory_kib / 1024,
        limits.output_bytes >> 20
    )
}

/// A case as one JSON object (`--json`), its detail as [`json_detail`] gives it.
pub fn case_json(problem: &str, case: &str, o: &Outcome) -> String {
    let detail = json_detail(&o.detail);
    let mut v = serde_json::json!({
        "problem": problem,
        "case": case,
        "verdict": o.verdict.name(),
        "wall_ms": o.wall_ms,
        "cpu_ms": o.cpu_ms,
        "peak_rss_kib": o.peak_kib,
        "detail": detail,
    });
    for (who, ms) in helpers(o) {
        v[format!("{who}_ms")] = ms.into();
    }
    v.to_string()
}

/// A detail's lines as `--json` gives them: joined, less the indentation that every line
/// with text shares (the rest is meaning: a caret's column, a program's own spaces).
pub fn json_detail(lines: &[String]) -> String {
    let indent = |l: &str| l.len() - l.trim_start_matches(' ').len();
    let shared = lines
        .iter()
        .filter(|l| !l.trim().is_empty())
        .map(|l| indent(l))
        .min()
        .unwrap_or(0);
    let cut: Vec<&str> = lines
        .iter()
        .map(|l| l.get(shared..).unwrap_or(""))
        .collect();
    cut.join("\n")
}

/// The time of each program that judged a case beside the judged one, named as a user knows
/// it (`checker`, `interactor`): what the case line shows, and the JSON's `NAME_ms`.
fn helpers(o: &Outcome) -> impl Iterator<Item = (&'static str, u64)> {
    [("checker", o.checker_ms), ("interactor", o.interactor_ms)]
        .into_iter()
        .filter_map(|(who, ms)| Some((who, ms?)))
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
        "ran": tallies.iter().map(|t| t.ran).sum::<usize>(),
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
    /// The checker's wall time and the interactor's CPU time, each summed over the cases it
    /// judged.
    helper_ms: BTreeMap<&'static str, u64>,
    pub passed: usize,
    pub failed: usize,
    /// Cases without an answer that ran within the limits (`RAN`): neither.
    pub ran: usize,
}

impl Tally {
    pub fn add(&mut self, o: &Outcome) {
        *self.counts.entry(o.verdict.name()).or_default() += 1;
        self.max_cpu_ms = self.max_cpu_ms.max(o.cpu_ms);
        self.max_wall_ms = self.max_wall_ms.max(o.wall_ms);
        self.max_kib = self.max_kib.max(o.peak_kib);
        for (who, ms) in helpers(o) {
            *self.helper_ms.entry(who).or_default() += ms;
        }
        if o.verdict == Verdict::Ac {
            self.passed += 1;
        } else if o.verdict == Verdict::Ran {
            self.ran += 1;
        } else {
            self.failed += 1;
        }
    }

    pub fn summary(&self, problem: &str, limits: &Limits) -> String {
        let counts: Vec<String> = Verdict::ALL[1..]
            .iter()
            .filter(|v| **v != Verdict::Ran)
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
            } + &ran_text(self.ran),
            self.max_cpu_ms,
            self.max_wall_ms,
            limits.time_ms,
            mib(self.max_kib).trim_end_matches(" MiB"),
            limits.memory_kib / 1024,
            self.helper_ms
                .iter()
                .map(|(who, ms)| format!("; {who} {ms} ms in all"))
                .collect::<String>(),
        )
    }
}

/// `, 1 ran without an answer` where cases had none, else nothing.
fn ran_text(ran: usize) -> String {
    match ran {
        0 => String::new(),
        n => format!(", {n} ran without an answer"),
    }
}

/// A progress line on stderr, on a terminal only, once a run has lasted a second.
pub struct Progress {
    on: bool,
    shown: bool,
    start: Instant,
}

impl Default for Progress {
    fn default() -> Progress {
        Progress::new()
    }
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

/// `score: 50 of 100 (WA): secret/subtask1 50, secret/subtask2 0`.
pub fn score_line(score: &Score) -> String {
    let parts: Vec<String> = score
        .parts
        .iter()
        .map(|(name, s)| format!("{name} {}", num(*s)))
        .collect();
    format!(
        "score: {}{} ({}){}",
        num(score.score),
        score
            .full
            .map(|m| format!(" of {}", num(m)))
            .unwrap_or_default(),
        score.verdict,
        if parts.is_empty() {
            String::new()
        } else {
            format!(": {}", parts.join(", "))
        }
    )
}

pub use crate::text::num;

/// Where a judging run's events go: printed for a person ([`Text`]) or as JSON lines for a
/// program ([`Json`]); a live panel is a third. The run calls it in case order whatever order
/// the cases ended in.
pub trait Reporter {
    /// A problem's header line, before its first case (a person's only).
    fn header(&mut self, line: &str);
    /// A case judged.
    fn case(&mut self, problem: &str, case: &str, outcome: &Outcome);
    /// A case the format's own judge would have skipped (DMOJ's `SC`), `why`: judged here
    /// all the same, but neither counted nor scored.
    fn skipped(&mut self, problem: &str, case: &str, why: &str);
    /// A problem's cases all judged: its tally and, where the package scores, its score.
    fn problem_done(
        &mut self,
        problem: &str,
        tally: &Tally,
        limits: &Limits,
        score: Option<&Score>,
    );
    /// The run's end: every problem's tally, and the folders keeping failing cases.
    fn summary(&mut self, tallies: &[Tally], failing: &[String]);
}

/// The reporter `--json` asks for.
pub fn reporter(json: bool) -> Box<dyn Reporter> {
    if json {
        Box::new(Json)
    } else {
        Box::new(Text)
    }
}

/// Lines for a person: the header, a line per case with its detail, a summary per problem.
pub struct Text;

impl Reporter for Text {
    fn header(&mut self, line: &str) {
        crate::say!("{line}");
    }

    fn case(&mut self, problem: &str, case: &str, outcome: &Outcome) {
        crate::say!("{}", case_line(outcome, &format!("{problem}/{case}")));
    }

    fn skipped(&mut self, problem: &str, case: &str, why: &str) {
        crate::say!("SC   skipped: {why}  {problem}/{case}");
    }

    fn problem_done(
        &mut self,
        problem: &str,
        tally: &Tally,
        limits: &Limits,
        score: Option<&Score>,
    ) {
        crate::say!("{}", tally.summary(problem, limits));
        if let Some(score) = score {
            crate::say!("{}", score_line(score));
        }
    }

    fn summary(&mut self, tallies: &[Tally], failing: &[String]) {
        if !failing.is_empty() {
            crate::say!(
                "outputs of the failing cases (CASE.got, CASE.expected, CASE.stderr): {}",
                failing.join(" ")
            );
        }
        let passed: usize = tallies.iter().map(|t| t.passed).sum();
        let failed: usize = tallies.iter().map(|t| t.failed).sum();
        // The last line stays `N passed, N failed`, as scripts read it; the cases that ran
        // without an answer are counted on their problems' lines.
        crate::say!("{passed} passed, {failed} failed");
    }
}

/// One JSON object a line: one per case, then the summary.
pub struct Json;

impl Reporter for Json {
    fn header(&mut self, _: &str) {}

    fn case(&mut self, problem: &str, case: &str, outcome: &Outcome) {
        crate::say!("{}", case_json(problem, case, outcome));
    }

    fn skipped(&mut self, problem: &str, case: &str, why: &str) {
        let v = serde_json::json!({
            "problem": problem,
            "case": case,
            "verdict": "SC",
            "detail": why,
        });
        crate::say!("{v}");
    }

    fn problem_done(&mut self, _: &str, _: &Tally, _: &Limits, _: Option<&Score>) {}

    fn summary(&mut self, tallies: &[Tally], _: &[String]) {
        crate::say!("{}", summary_json(tallies));
    }
}

#[cfg(test)]
mod tests {
    use super::json_detail;

    #[test]
    fn json_detail_loses_the_shared_indentation_and_keeps_a_carets_column() {
        let detail: Vec<String> = [
            "  first difference at line 1:",
            "  - 1  3",
            "  + 1  2",
            "         ^",
            "",
            "  input:",
            "    1 2",
        ]
        .iter()
        .map(|l| l.to_string())
        .collect();
        assert_eq!(
            json_detail(&detail),
            "first difference at line 1:\n- 1  3\n+ 1  2\n       ^\n\ninput:\n  1 2"
        );
    }
}
