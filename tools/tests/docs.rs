//! The docs' transcripts, run: every fenced block of README.md and docs/*.md that shows a
//! command (a line starting `$ `) is either run here and compared with what the tools print,
//! or carries a marker that says why it cannot be. A changed output fails this test until
//! the doc follows; `BFS_JUDGE_BLESS_DOCS=1 cargo test -p bfs-judge-tools --test tests docs::`
//! rewrites each failing command's output in place from the one new run (so that its figures
//! agree with each other), keeping the lines with a writer's `[..]` that still match; an
//! output whose summary disagrees with its case lines ([`disagreements`]) is rewritten too.
//!
//! The markers, an HTML comment on the line before the fence (docs/judge.md, "Transcripts
//! that are checked", says the same for writers):
//! - `<!-- transcript: run -->`: run in an empty scratch folder;
//! - `<!-- transcript: run in PATH as SHOWN -->`: run in a scratch copy of the repository's
//!   folder PATH, whose path the output shows as SHOWN (`~/knight`);
//! - `<!-- transcript: skip REASON -->`: not run, for the reason given.
//!
//! How a block runs: its `$ ` lines, one bash process for the block (so `cd` carries over),
//! with stdout and stderr together, `scripts/judge` (also `~/bfs-judge/scripts/judge`) the
//! flat judge over this run's binaries, and `bfs-judge` and our solvers on PATH. Lines that
//! follow a command up to the next `$ ` line are its expected output. Compared after
//! replacing this run's folders by the names the docs use (`~/bfs-judge` for the checkout,
//! `~/bfs-judge/target/release` and `~/bfs-judge/target/judge` for its binaries and
//! failing cases, `~/.cache/bfs-judge` for the cache), with runs of spaces as one, and
//! these placeholders:
//! - a measured figure matches any other: a number with a decimal point (`13.2`), and a
//!   whole number followed by `ms` or `MiB`;
//! - `[..]` in a line matches any text there.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::support::{bin_dir, make_executable, root, scripts_judge_env, Judge};

/// A block of a doc: where its output lines are, and how it is to be run.
#[derive(Debug)]
struct Block {
    /// The line index of the opening fence.
    fence: usize,
    /// The block's lines (between the fences).
    lines: Vec<String>,
    marker: Option<String>,
}

/// The fenced blocks of `text` that hold a `$ ` line.
fn transcripts(text: &str) -> Vec<Block> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if !lines[i].trim_start().starts_with("```") {
            i += 1;
            continue;
        }
        let fence = i;
        let mut j = i + 1;
        while j < lines.len() && !lines[j].trim_start().starts_with("```") {
            j += 1;
        }
        let body: Vec<String> = lines[fence + 1..j.min(lines.len())]
            .iter()
            .map(|l| l.to_string())
            .collect();
        if body.iter().any(|l| l.trim_start().starts_with("$ ")) {
            let marker = fence
                .checked_sub(1)
                .map(|k| lines[k].trim())
                .and_then(|l| l.strip_prefix("<!-- transcript:"))
                .and_then(|l| l.strip_suffix("-->"))
                .map(|m| m.trim().to_string());
            out.push(Block {
                fence,
                lines: body,
                marker,
            });
        }
        i = j + 1;
    }
    out
}

/// The docs this test reads.
fn docs() -> Vec<PathBuf> {
    let mut docs = vec![root().join("README.md")];
    let mut more: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    more.sort();
    docs.extend(more);
    docs
}

/// The places of one run, and the names the docs give them.
struct Places {
    scratch: PathBuf,
    bin: PathBuf,
    judge_script: PathBuf,
}

impl Places {
    fn new(name: &str) -> Places {
        let bin = bin_dir().to_path_buf();
        let scratch = crate::support::scratch(&format!("docs-{name}"));
        std::fs::create_dir_all(scratch.join("path")).unwrap();
        // The checkout's `scripts/judge` itself, without its build: over this run's
        // binaries (the judge in this profile's folder, the solvers beside it).
        let judge_script = scratch.join("path/scripts-judge");
        let env: String = scripts_judge_env()
            .iter()
            .map(|(k, v)| format!(" {k}='{v}'"))
            .collect();
        std::fs::write(
            &judge_script,
            format!(
                "#!/bin/sh\nexport{env}\nexec '{}' --bin-dir '{}' --out-dir '{}' \"$@\"\n",
                root().join("scripts/judge").display(),
                bin.display(),
                scratch.join("out").display()
            ),
        )
        .unwrap();
        let mut path_bins = vec!["bfs-judge".to_string()];
        path_bins.extend(
            ["robot-maze", "chase", "wave", "swap-game", "pushing-boxes"].map(String::from),
        );
        for b in path_bins {
            let _ = std::os::unix::fs::symlink(bin.join(&b), scratch.join("path").join(&b));
        }
        make_executable(&judge_script);
        Places {
            scratch,
            bin,
            judge_script,
        }
    }

    /// This run's folders as the docs name them, longest first.
    fn names(&self, shown: &[(PathBuf, String)]) -> Vec<(String, String)> {
        let mut names: Vec<(String, String)> = shown
            .iter()
            .map(|(p, s)| (p.display().to_string(), s.clone()))
            .collect();
        names.extend([
            (
                self.scratch.join("out").display().to_string(),
                "~/bfs-judge/target/judge".to_string(),
            ),
            (
                self.scratch.join("cache/bfs-judge").display().to_string(),
                "~/.cache/bfs-judge".to_string(),
            ),
            (
                self.bin.display().to_string(),
                "~/bfs-judge/target/release".to_string(),
            ),
            (
                self.judge_script.display().to_string(),
                "~/bfs-judge/scripts/judge".to_string(),
            ),
            (root().display().to_string(), "~/bfs-judge".to_string()),
        ]);
        names.sort_by_key(|(p, _)| std::cmp::Reverse(p.len()));
        names
    }
}

/// A command line as the docs write it, made to run here.
fn runnable(command: &str, places: &Places) -> String {
    let script = places.judge_script.display().to_string();
    command
        .replace("~/bfs-judge/scripts/judge", &script)
        .replace("scripts/judge", &script)
}

/// Runs the commands of `block` in `cwd`; each command's output, names replaced.
fn run_block(
    commands: &[String],
    cwd: &Path,
    places: &Places,
    shown: &[(PathBuf, String)],
) -> Vec<Vec<String>> {
    const MARK: &str = "\u{1e}next command\u{1e}";
    let mut script = String::new();
    for c in commands {
        let _ = writeln!(script, "printf '{MARK}\\n'");
        let _ = writeln!(script, "{{ {}\n}} 2>&1 < /dev/null", runnable(c, places));
    }
    let path = format!(
        "{}:{}",
        places.scratch.join("path").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    // A run of the judge as any other test's: never beside a test that runs alone (a fork
    // bomb, CPU hogs), whose load would change verdicts.
    let _beside = crate::support::beside_others();
    let o = Command::new("bash")
        .arg("-c")
        .arg(&script)
        .current_dir(cwd)
        .env("PATH", path)
        .env("XDG_CACHE_HOME", places.scratch.join("cache"))
        .env("COLUMNS", "100")
        .env_remove("CARGO_TARGET_DIR")
        .output()
        .expect("bash runs");
    let text = String::from_utf8_lossy(&o.stdout).into_owned();
    let names = places.names(shown);
    let mut text = text;
    for (path, name) in &names {
        text = text.replace(path.as_str(), name);
    }
    text.split(&format!("{MARK}\n"))
        .skip(1)
        .map(|out| out.lines().map(|l| l.trim_end().to_string()).collect())
        .collect()
}

/// Whether `word` is a measured figure: a number with a decimal point, or a whole number
/// followed by `ms` or `MiB` (`next`).
fn figure(word: &str, next: Option<&str>) -> bool {
    let w = word.trim_matches(|c: char| "(),;:[]".contains(c));
    let number = !w.is_empty() && w.chars().all(|c| c.is_ascii_digit() || c == '.');
    let unit = next.is_some_and(|n| n.starts_with("ms") || n.starts_with("MiB"));
    number && w.chars().any(|c| c.is_ascii_digit()) && (w.contains('.') || unit)
}

/// `word` with the folder hashes in its paths (`stress/1a2b3c4d/knight`, `knight-1a2b3c4d`,
/// which name a folder by its path) replaced by `#`.
fn unhashed(word: &str) -> String {
    let hex = |s: &str| s.len() == 8 && s.bytes().all(|b| b.is_ascii_hexdigit());
    word.split('/')
        .map(|seg| {
            let end = seg.trim_end_matches(|c: char| "`'\"),;:".contains(c));
            let tail = &seg[end.len()..];
            match end.rsplit_once('-') {
                _ if hex(end) => format!("#{tail}"),
                Some((name, h)) if hex(h) => format!("{name}-#{tail}"),
                _ => seg.to_string(),
            }
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// `line` with its figures and folder hashes replaced by `#` and runs of spaces made one.
fn normal(line: &str) -> Vec<String> {
    let words: Vec<String> = line.split_whitespace().map(unhashed).collect();
    words
        .iter()
        .enumerate()
        .map(|(i, w)| {
            if figure(w, words.get(i + 1).map(String::as_str)) {
                let (lead, rest) = w.split_at(w.find(|c: char| c.is_ascii_digit()).unwrap());
                let tail = rest.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
                format!("{lead}#{tail}")
            } else {
                w.to_string()
            }
        })
        .collect()
}

/// Whether the output line `got` matches the doc's line `expected`.
fn matches(expected: &str, got: &str) -> bool {
    if expected.contains("[..]") {
        let parts: Vec<String> = expected
            .split("[..]")
            .map(|p| normal(p).join(" "))
            .collect();
        let got = normal(got).join(" ");
        let mut at = 0;
        for (k, part) in parts.iter().enumerate() {
            let part = part.trim();
            match got[at..].find(part) {
                Some(i) if k > 0 || i == 0 || part.is_empty() => at += i + part.len(),
                _ => return false,
            }
        }
        return parts.last().is_some_and(|p| p.trim().is_empty()) || at == got.len();
    }
    normal(expected) == normal(got)
}

/// One block's commands and their expected outputs.
fn commands(block: &Block) -> Vec<(String, Vec<String>)> {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    for line in &block.lines {
        match line.strip_prefix("$ ") {
            Some(c) => out.push((c.to_string(), Vec::new())),
            None => {
                if let Some(last) = out.last_mut() {
                    last.1.push(line.clone());
                }
            }
        }
    }
    out
}

#[test]
fn every_transcript_in_the_docs_is_what_the_tools_print() {
    let bless = std::env::var_os("BFS_JUDGE_BLESS_DOCS").is_some_and(|v| v == "1");
    let mut failures = Vec::new();
    let mut ran = 0;
    for doc in docs() {
        let text = std::fs::read_to_string(&doc).unwrap();
        let mut lines: Vec<String> = text.lines().map(String::from).collect();
        let name = doc.strip_prefix(root()).unwrap().display().to_string();
        // Later blocks first, so that a blessed block's new length moves nothing unread.
        for block in transcripts(&text).into_iter().rev() {
            let at = format!("{name}:{}", block.fence + 1);
            let Some(marker) = &block.marker else {
                failures.push(format!(
                    "{at}: a transcript without a marker: add `<!-- transcript: run -->` (or \
                     `run in PATH as SHOWN`, or `skip REASON`) on the line before its fence"
                ));
                continue;
            };
            if let Some(reason) = marker.strip_prefix("skip") {
                assert!(reason.trim().len() > 10, "{at}: a skip needs its reason");
                continue;
            }
            let python = Command::new("python3").arg("--version").output().is_ok();
            if !python && block.lines.iter().any(|l| l.contains("python3")) {
                eprintln!("notice: python3 not found; {at} not run");
                continue;
            }
            let places = Places::new(&format!("block-{}", block.fence));
            let (cwd, shown) = match marker.strip_prefix("run in ") {
                Some(spec) => {
                    let (path, as_shown) = spec
                        .split_once(" as ")
                        .unwrap_or_else(|| panic!("{at}: `run in PATH as SHOWN`"));
                    let from = root().join(path.trim());
                    let to = places.scratch.join("work").join(from.file_name().unwrap());
                    std::fs::create_dir_all(to.parent().unwrap()).unwrap();
                    let copied = Command::new("cp").arg("-r").arg(&from).arg(&to).status();
                    assert!(copied.unwrap().success(), "{at}: cannot copy {path}");
                    (to.clone(), vec![(to, as_shown.trim().to_string())])
                }
                None => {
                    assert_eq!(marker, "run", "{at}: unknown marker `{marker}`");
                    let to = places.scratch.join("work");
                    std::fs::create_dir_all(&to).unwrap();
                    (to, Vec::new())
                }
            };
            let cmds = commands(&block);
            let lines_of: Vec<String> = cmds.iter().map(|(c, _)| c.clone()).collect();
            let outputs = run_block(&lines_of, &cwd, &places, &shown);
            ran += 1;
            let mut blessed = Vec::new();
            let mut differs = false;
            for ((command, expected), got) in cmds.iter().zip(&outputs) {
                blessed.push(format!("$ {command}"));
                let same = expected.len() == got.len()
                    && expected.iter().zip(got).all(|(e, g)| matches(e, g));
                // A pasted output whose summary disagrees with its case lines (figures of two
                // runs) is blessed anew too, from this one run.
                let torn = bless && !disagreements(expected).is_empty();
                if same && !torn {
                    blessed.extend(expected.iter().cloned());
                    continue;
                }
                differs = true;
                // The new run's lines, but a writer's placeholders (`[..]`) where they match.
                for (i, g) in got.iter().enumerate() {
                    match expected.get(i) {
                        Some(e) if e.contains("[..]") && matches(e, g) => blessed.push(e.clone()),
                        _ => blessed.push(g.clone()),
                    }
                }
                if same {
                    continue;
                }
                failures.push(format!(
                    "{at}: `$ {command}` printed\n{}\n--- the doc says\n{}",
                    got.join("\n"),
                    expected.join("\n")
                ));
            }
            if differs && bless {
                let start = block.fence + 1;
                lines.splice(start..start + block.lines.len(), blessed);
            }
            let _ = std::fs::remove_dir_all(&places.scratch);
        }
        if bless {
            let mut new = lines.join("\n");
            new.push('\n');
            if new != text {
                std::fs::write(&doc, new).unwrap();
            }
        }
    }
    assert!(ran >= 2, "only {ran} transcripts ran");
    assert!(
        failures.is_empty() || bless,
        "{} transcript(s) differ from the tools' output (BFS_JUDGE_BLESS_DOCS=1 cargo test -p \
         bfs-judge-tools --test tests docs:: rewrites them):\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

/// Where a command's output `lines` disagrees with itself: a problem's summary line
/// (`NAME: 0 of 1 AC [1 MLE]  (max 158 ms cpu, 158 ms wall of 2000 ms; 262.2 of 256 MiB)`)
/// whose maxima are not those of its case lines above it (when every case is shown; when a
/// transcript is trimmed, not below any of them). Figures pasted from two runs do that
/// (issue 42: an MLE case line of 201 ms cpu over a summary of 158 ms).
fn disagreements(lines: &[String]) -> Vec<String> {
    // Each problem's case lines so far: (cpu, wall, peak) of each.
    let mut cases: std::collections::HashMap<String, Vec<[f64; 3]>> = Default::default();
    let mut out = Vec::new();
    for line in lines {
        let w: Vec<&str> = line.split_whitespace().collect();
        let verdict = w.first().is_some_and(|v| {
            (2..=3).contains(&v.len()) && v.chars().all(|c| c.is_ascii_uppercase())
        });
        if verdict && w.len() >= 10 && w[2..4] == ["ms", "cpu"] && w[5..7] == ["ms", "wall"] {
            let figures = [w[1], w[4], w[7]].map(|f| f.parse::<f64>().unwrap_or(f64::NAN));
            let problem = w[w.len() - 1].split('/').next().unwrap_or_default();
            cases.entry(problem.to_string()).or_default().push(figures);
            continue;
        }
        let Some((problem, rest)) = line.split_once(": ") else {
            continue;
        };
        let Some((_, max)) = rest.split_once("(max ") else {
            continue;
        };
        // `N of M AC`: M cases in all.
        let total: Option<usize> = rest.split_whitespace().nth(2).and_then(|m| m.parse().ok());
        let m: Vec<&str> = max
            .split([' ', ',', ';'])
            .filter(|s| !s.is_empty())
            .collect();
        if m.len() < 10 || m[1..3] != ["ms", "cpu"] || m[4..6] != ["ms", "wall"] {
            continue;
        }
        let summary = [m[0], m[3], m[9]].map(|f| f.parse::<f64>().unwrap_or(f64::NAN));
        let shown = cases.remove(problem).unwrap_or_default();
        if shown.is_empty() {
            continue;
        }
        let all = total == Some(shown.len());
        for (i, what) in ["ms cpu", "ms wall", "MiB"].iter().enumerate() {
            let top = shown.iter().map(|f| f[i]).fold(f64::MIN, f64::max);
            if (all && top != summary[i]) || top > summary[i] {
                out.push(format!(
                    "{problem}: its summary says a max of {} {what}, its case lines {top}",
                    summary[i]
                ));
            }
        }
    }
    out
}

/// Every transcript agrees with itself, run or skipped: a summary's maxima are its case
/// lines' (see [`disagreements`]).
#[test]
fn every_transcripts_summary_agrees_with_its_case_lines() {
    let mut wrong = Vec::new();
    for doc in docs() {
        let text = std::fs::read_to_string(&doc).unwrap();
        let name = doc.strip_prefix(root()).unwrap().display().to_string();
        for block in transcripts(&text) {
            for (command, output) in commands(&block) {
                for d in disagreements(&output) {
                    wrong.push(format!("{name}:{}: `$ {command}`: {d}", block.fence + 1));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    let torn = [
        "MLE    201 ms cpu    687 ms wall   257.3 MiB  robot-maze/sample",
        "robot-maze: 0 of 1 AC [1 MLE]  (max 158 ms cpu, 158 ms wall of 2000 ms; 262.2 of 256 MiB)",
    ]
    .map(String::from);
    assert_eq!(disagreements(&torn).len(), 3, "{torn:?}");
}

#[test]
fn placeholders_match_figures_and_nothing_else() {
    assert!(matches(
        "AC     115 ms cpu    232 ms wall    13.2 MiB  x/1",
        "AC       2 ms cpu      9 ms wall     1.5 MiB  x/1"
    ));
    assert!(!matches("AC 1 ms cpu  x/1", "WA 1 ms cpu  x/1"));
    // Counts are not figures: `[2 AC, 1 WA]` is not `[1 WA]`, line 4 is not line 5.
    assert!(!matches(
        "knight: 2 of 3 AC [1 WA]",
        "knight: 1 of 3 AC [1 WA]"
    ));
    assert!(!matches(
        "first difference at line 4",
        "first difference at line 5"
    ));
    assert!(matches(
        "judge: cannot run [..]: no such file",
        "judge: cannot run `./a.out`: no such file"
    ));
    assert!(!matches(
        "judge: cannot run [..]: no such file",
        "judge: cannot run x: denied"
    ));
    assert!(matches(
        "max 115 ms cpu; 13.3 of 256 MiB)",
        "max 9 ms cpu; 1.5 of 256 MiB)"
    ));
    // A folder named by its path's hash matches any hash, nothing else.
    assert!(matches(
        "in: ~/j/stress/0123abcd/knight/input.in",
        "in: ~/j/stress/99ffee00/knight/input.in"
    ));
    assert!(matches("~/j/knight-0123abcd/", "~/j/knight-99ffee00/"));
    assert!(!matches("~/j/knight-0123abcd/", "~/j/other-99ffee00/"));
}

/// Every `scripts/judge` command line the README and the manual show reaches, through the
/// real script (its dry run prints the subcommand it would run), a subcommand that takes
/// every option on it: `bfs-judge SUBCOMMAND ... --help` parses (an option the subcommand
/// lacks, or a word in the wrong place, is clap's usage error before the help).
#[test]
fn every_documented_scripts_judge_line_reaches_a_subcommand_that_takes_it() {
    let script = root().join("scripts/judge").display().to_string();
    let docs =
        ["README.md", "docs/judge.md"].map(|d| std::fs::read_to_string(root().join(d)).unwrap());
    let mut checked = 0;
    for line in docs.iter().flat_map(|d| d.lines()) {
        let Some((_, rest)) = line.split_once("scripts/judge") else {
            continue;
        };
        if !(rest.is_empty() || rest.starts_with(' ')) || rest.contains("...") || rest.contains('[')
        {
            continue;
        }
        let rest = rest.split(" # ").next().unwrap().split('`').next().unwrap();
        let rest = before_unquoted(rest, "; ");
        let dry = Command::new("sh")
            .arg("-c")
            .arg(format!("{script} {rest}"))
            .env("BFS_JUDGE_DRY_RUN", "1")
            .output()
            .unwrap();
        assert!(dry.status.success(), "{line}: {dry:?}");
        let args: Vec<String> = String::from_utf8(dry.stdout)
            .unwrap()
            .lines()
            .map(String::from)
            .collect();
        let parsed = Judge::new(&args).arg("--help").run();
        assert_eq!(
            parsed.code,
            Some(0),
            "{line}: bfs-judge {args:?}: {}",
            parsed.stderr
        );
        checked += 1;
    }
    assert!(checked >= 30, "only {checked} lines found");
}

/// `line` up to the first `sep` outside single or double quotes (prose after a command).
fn before_unquoted<'a>(line: &'a str, sep: &str) -> &'a str {
    let mut quote = None;
    for (i, c) in line.char_indices() {
        match (quote, c) {
            (None, '\'' | '"') => quote = Some(c),
            (Some(q), _) if c == q => quote = None,
            (None, _) if line[i..].starts_with(sep) => return &line[..i],
            _ => {}
        }
    }
    line
}

/// `bfs-judge --help` and each subcommand's `--help` against the docs: every subcommand is in
/// the README's list and the manual's table, and every option a subcommand's help lists is
/// named in the README or the manual. A subcommand or an option added to one and not the
/// other fails here.
#[test]
fn every_subcommand_and_option_of_the_help_is_in_the_docs() {
    let help = |args: &[&str]| {
        let j = Judge::new(args).arg("--help").env("COLUMNS", "200").run();
        assert_eq!(j.code, Some(0), "{args:?}: {j}");
        j.stdout
    };
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let manual = std::fs::read_to_string(root().join("docs/judge.md")).unwrap();
    let listed = readme
        .lines()
        .skip_while(|l| !l.contains("subcommands, `bfs-judge test |"))
        .take(2)
        .collect::<Vec<_>>()
        .join(" ");
    let top = help(&[]);
    let subcommands: Vec<&str> = top
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| !l.is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .filter(|s| *s != "help")
        .collect();
    assert!(subcommands.len() >= 12, "{top}");
    let mut missing = Vec::new();
    // The other way: every subcommand the README lists or the manual's table names is one.
    let in_list: Vec<&str> = listed
        .split(['`', '|', ' '])
        .skip_while(|w| *w != "bfs-judge")
        .skip(1)
        .take_while(|w| !w.starts_with('('))
        .filter(|w| !w.is_empty())
        .collect();
    assert!(in_list.len() >= 12, "README's list: {listed}");
    for sub in in_list {
        if !subcommands.contains(&sub) {
            missing.push(format!(
                "README's list of subcommands names {sub}, not a subcommand"
            ));
        }
    }
    for row in subcommand_table(&manual) {
        for sub in row.split('`').skip(1).step_by(2) {
            if !subcommands.contains(&sub) {
                missing.push(format!(
                    "docs/judge.md's table names {sub}, not a subcommand"
                ));
            }
        }
    }
    for sub in &subcommands {
        if !listed.contains(&format!(" {sub} ")) && !listed.contains(&format!(" {sub}`")) {
            missing.push(format!("README's list of subcommands lacks {sub}"));
        }
        if !manual
            .lines()
            .any(|l| l.starts_with("| `") && l.contains(&format!("`{sub}`")))
        {
            missing.push(format!("docs/judge.md's table of subcommands lacks {sub}"));
        }
        let text = help(&[sub]);
        let mut options: Vec<&str> = text
            .split(|c: char| c.is_whitespace() || c == ',' || c == '[')
            .filter(|w| w.starts_with("--") && w.len() > 2)
            .map(|w| {
                w.split(['=', '<', ']', ')', '`', '.', ':', ';'])
                    .next()
                    .unwrap()
            })
            .filter(|w| !["--help", "--version"].contains(w))
            .collect();
        options.sort_unstable();
        options.dedup();
        for option in options {
            let named = |doc: &str| {
                doc.match_indices(option).any(|(at, _)| {
                    !doc[at + option.len()..]
                        .starts_with(|c: char| c.is_ascii_alphanumeric() || c == '-')
                })
            };
            if !named(&readme) && !named(&manual) {
                missing.push(format!("{sub} {option}: in its --help, not in the docs"));
            }
        }
    }
    // Every option a `bfs-judge SUB` line of the docs gives is one of SUB's.
    for line in readme.lines().chain(manual.lines()) {
        for (at, _) in line.match_indices("bfs-judge ") {
            let rest = &line[at + "bfs-judge ".len()..];
            let rest = rest.split(['`', ';', '#']).next().unwrap_or_default();
            let Some(sub) = rest.split_whitespace().next() else {
                continue;
            };
            if !subcommands.contains(&sub) {
                continue;
            }
            let text = help(&[sub]);
            for word in rest.split_whitespace().filter(|w| w.starts_with("--")) {
                let option = word
                    .trim_start_matches('[')
                    .split(['=', ']', ')', ',', '.', ':'])
                    .next()
                    .unwrap();
                let own = ["--help", "--version"].contains(&option);
                if option.len() > 2 && !own && !text.contains(&format!("{option} ")) {
                    missing.push(format!(
                        "`bfs-judge {sub} {option}` in the docs: not in its --help"
                    ));
                }
            }
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

/// The rows of the manual's table of subcommands (`| subcommand | what it does |`).
fn subcommand_table(manual: &str) -> Vec<&str> {
    manual
        .lines()
        .skip_while(|l| !l.starts_with("| subcommand |"))
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .map(|l| l.split('|').nth(1).unwrap_or_default())
        .collect()
}

/// The formats are one table in the code (`format::READERS`): each reader's name and what it
/// looks for are in `test --help`'s `--tests` and in `verify --help`'s PACKAGE, and each has
/// its row, by the file it looks for, in the README's table of what `--tests PATH` reads and
/// in the manual's; a row that no reader has fails too.
#[test]
fn every_format_is_in_the_help_and_both_tables_of_formats() {
    let help = |args: &[&str]| {
        let j = Judge::new(args).arg("--help").env("COLUMNS", "1000").run();
        assert_eq!(j.code, Some(0), "{args:?}: {j}");
        j.stdout
    };
    let (test, verify) = (help(&["test"]), help(&["verify"]));
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let manual = std::fs::read_to_string(root().join("docs/judge.md")).unwrap();
    let table = |doc: &'static str, text: &str, head: &str| -> Vec<(&'static str, String)> {
        text.lines()
            .skip_while(|l| !(l.starts_with('|') && l.contains(head)))
            .skip(2)
            .take_while(|l| l.starts_with('|'))
            .map(|l| (doc, l.split('|').nth(1).unwrap_or_default().to_string()))
            .collect()
    };
    let mut rows = table("README.md", &readme, "PATH holds");
    rows.extend(table("docs/judge.md", &manual, "PATH holds"));
    let readers = bfs_judge_tools::judge::format::READERS;
    assert!(
        readers.len() >= 7 && rows.len() >= 2 * readers.len() - 2,
        "{rows:?}"
    );
    let mut missing = Vec::new();
    // The file or folder a reader looks for first: `problem.yaml`, `in/`, `NAME.in`.
    let marker = |looks_for: &'static str| looks_for.split([' ', ',']).next().unwrap();
    for r in readers {
        let named = format!("{} ({})", r.name, r.looks_for);
        for (what, text) in [("test --help", &test), ("verify --help", &verify)] {
            if !text.contains(&named) {
                missing.push(format!("{what} lacks the format {named}"));
            }
        }
        for doc in ["README.md", "docs/judge.md"] {
            let cell = format!("`{}`", marker(r.looks_for));
            if !rows.iter().any(|(d, row)| *d == doc && row.contains(&cell)) {
                missing.push(format!(
                    "{doc}'s table of formats has no row for {} ({cell})",
                    r.name
                ));
            }
        }
    }
    for (doc, row) in &rows {
        if !readers
            .iter()
            .any(|r| row.contains(&format!("`{}`", marker(r.looks_for))))
        {
            missing.push(format!(
                "{doc}'s table of formats: a row of no format: {row}"
            ));
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}
