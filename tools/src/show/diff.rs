//! Showing a wrong answer: the hunk around the first difference (two lines of context each
//! side, expected `-` against got `+`; small outputs, at most [`SMALL_LINES`] lines and
//! [`SMALL_BYTES`] bytes each as a sample's are, whole), or with `--diff full` the whole
//! unified diff, or with `--diff side` the hunk's lines in two columns, expected beside got
//! (cph's and CP Editor's view); every line of output cut to the terminal's width. A small input is shown
//! whole too ([`small_file`]), as `oj test` does.
//!
//! The hunk reads only a window of five lines from each file, so it costs nothing whatever
//! the size of the outputs; `similar` pairs the lines. On a changed line the tokens that
//! differ from the other file's line of the same number, token by token as a judge compares
//! them, are emphasised (expected `2 1`, got `1 2`: both); without colour, a line of carets
//! under a got line points at them.

use std::path::Path;

use similar::{ChangeTag, TextDiff};

use crate::judge::check::lines::{self, Difference};
use crate::show::style;
use crate::text::{fit, printable, width};

/// What a WA shows: the hunk around the first difference, the whole diff, or the hunk's
/// lines side by side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum DiffMode {
    Hunk,
    Full,
    Side,
}

/// Lines of context on each side of the first difference.
const CONTEXT: u64 = 2;

/// The most `--diff full` reads of each file; larger outputs get the hunk.
const FULL_CAP: u64 = 16 << 20;

/// The most lines `--diff full` prints; the rest is counted, the outputs are kept whole.
const FULL_LINES: usize = 400;

/// The time the full diff may spend looking for the smallest diff; past it `similar` gives
/// a coarser one in linear time, so any input is diffed in well under a second.
const FULL_DEADLINE: std::time::Duration = std::time::Duration::from_millis(300);

/// The most lines of a file shown whole under a case.
pub const SMALL_LINES: usize = 10;

/// The most bytes of a file shown whole under a case.
pub const SMALL_BYTES: u64 = 300;

/// The lines of `path` when it is small enough to show whole (at most [`SMALL_LINES`] lines
/// and [`SMALL_BYTES`] bytes), trailing blank lines left out.
pub fn small_lines(path: &Path) -> Option<Vec<Vec<u8>>> {
    if std::fs::metadata(path).ok()?.len() > SMALL_BYTES {
        return None;
    }
    let mut lines = lines::lines_between(path, 1, SMALL_LINES as u64 + 1).ok()?;
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    (lines.len() <= SMALL_LINES).then_some(lines)
}

/// `WHAT:` and a small file's lines under it (see [`small_lines`]), or nothing for a larger
/// one: how a failing case shows its input.
pub fn small_file(what: &str, path: &Path) -> Vec<String> {
    let Some(lines) = small_lines(path) else {
        return Vec::new();
    };
    let mut out = vec![indent(&format!("{what}:"))];
    if lines.is_empty() {
        out.push(indent("  (empty)"));
    }
    out.extend(lines.iter().map(|l| indent(&format!("  {}", printable(l)))));
    out
}

/// The most lines of a run's output shown under a case that has no answer (`RAN`).
pub const OUTPUT_LINES: usize = 20;

/// The most bytes of a run's output read to show under a case that has no answer.
pub const OUTPUT_BYTES: u64 = 4096;

/// `output:` and the first [`OUTPUT_LINES`] lines of the file `got` (at most
/// [`OUTPUT_BYTES`]), each escaped and cut to the width, and a line that says how much more
/// there is and where it is kept (`kept`): how a case without an answer shows what the
/// program wrote, so that the contestant can look at it.
pub fn output_lines(got: &Path, kept: &Path) -> Vec<String> {
    let total = std::fs::metadata(got).map_or(0, |m| m.len());
    let bytes = crate::run::files::read_capped(got, OUTPUT_BYTES);
    let mut lines: Vec<&[u8]> = bytes.split(|&b| b == b'\n').collect();
    if bytes.ends_with(b"\n") || bytes.is_empty() {
        lines.pop();
    }
    let whole = total <= OUTPUT_BYTES && lines.len() <= OUTPUT_LINES;
    // A line cut by the byte cap is not shown half.
    if total > OUTPUT_BYTES && !bytes.ends_with(b"\n") && lines.len() > 1 {
        lines.pop();
    }
    lines.truncate(OUTPUT_LINES);
    let mut out = vec![indent("output:")];
    if total == 0 {
        out.push(indent("  (empty)"));
    }
    out.extend(lines.iter().map(|l| indent(&format!("  {}", printable(l)))));
    if !whole {
        // Not cut to the width: the path is to be copied.
        out.push(format!(
            "      ... (the first {} lines shown; all {total} bytes: {})",
            lines.len(),
            crate::text::short(&kept.display().to_string())
        ));
    }
    out
}

/// The detail lines of a difference between the files `expected` and `got`.
pub fn render(expected: &Path, got: &Path, d: &Difference, mode: DiffMode) -> Vec<String> {
    if mode == DiffMode::Full {
        if let Some(lines) = full(expected, got) {
            return lines;
        }
    }
    // Small outputs whole: the window is every line of both.
    let window = match (small_lines(expected), small_lines(got)) {
        (Some(old), Some(new)) => (1, old.len().max(new.len()).max(1) as u64),
        _ => (d.line.saturating_sub(CONTEXT).max(1), d.line + CONTEXT),
    };
    if mode == DiffMode::Side {
        return side(expected, got, d, window);
    }
    hunk(expected, got, d, window)
}

/// The lines `first..=last` of both files in two columns, expected on the left and got on
/// the right, numbered, each cut to its half of the width; the mark between them says how
/// the line differs, as `sdiff` marks it: ` ` the same, `|` different, `<` expected only,
/// `>` got only. Lines are paired by number, as the judge compares them.
fn side(expected: &Path, got: &Path, d: &Difference, (first, last): (u64, u64)) -> Vec<String> {
    let window = |p: &Path| lines::lines_between(p, first, last).unwrap_or_default();
    let (old, new) = (texts(&window(expected)), texts(&window(got)));
    let rows = old.len().max(new.len());
    let number_width = (first + rows as u64).to_string().len();
    // `    N  ` before the left column, ` | ` between the columns.
    let column = width().saturating_sub(4 + number_width + 2 + 3) / 2;
    let mut out = vec![indent(&format!(
        "first difference at line {} (expected | got):",
        d.line
    ))];
    for k in 0..rows {
        let (left, right) = (old.get(k), new.get(k));
        let mark = match (left, right) {
            (Some(l), Some(r)) if l == r => ' ',
            (Some(_), Some(_)) => '|',
            (Some(_), None) => '<',
            _ => '>',
        };
        let paint = |text: Option<&String>, s: anstyle::Style| {
            let cut = fit(text.map_or("", |t| t.as_str()), column);
            let padded = format!("{cut:<column$}");
            if mark == ' ' {
                style::paint(&padded, style::DIM)
            } else {
                style::paint(&padded, s)
            }
        };
        let line = format!(
            "    {:>number_width$}  {} {mark} {}",
            first + k as u64,
            paint(left, style::EXPECTED),
            paint(right, style::GOT)
        );
        out.push(line.trim_end().to_string());
    }
    out
}

fn texts(lines: &[Vec<u8>]) -> Vec<String> {
    lines.iter().map(|l| printable(l)).collect()
}
/// The lines `first..=last` of both files, diffed.
fn hunk(expected: &Path, got: &Path, d: &Difference, (first, last): (u64, u64)) -> Vec<String> {
    let window = |p: &Path| lines::lines_between(p, first, last).unwrap_or_default();
    let (old, new) = (window(expected), window(got));
    let mut out = vec![indent(&format!(
        "first difference at line {} (- expected, + got):",
        d.line
    ))];
    if old.is_empty() && d.expected.is_none() {
        out.push(indent("- (expected output ends before this line)"));
    }
    out.extend(lines_of_diff(&old, &new, first));
    if new.len() < old.len() && d.got.is_none() {
        out.push(indent("+ (your output ends here)"));
    }
    out
}

fn indent(text: &str) -> String {
    fit(&format!("    {text}"), width())
}

/// The lines of a diff of two windows of lines that both start at line `first`.
fn lines_of_diff(old: &[Vec<u8>], new: &[Vec<u8>], first: u64) -> Vec<String> {
    let (old, new) = (texts(old), texts(new));
    let old_refs: Vec<&str> = old.iter().map(String::as_str).collect();
    let new_refs: Vec<&str> = new.iter().map(String::as_str).collect();
    let diff = TextDiff::configure().diff_slices(&old_refs, &new_refs);
    let number_width = (first + old.len().max(new.len()) as u64).to_string().len();
    let mut out = Vec::new();
    for op in diff.ops() {
        for change in diff.iter_changes(op) {
            let (sign, index, mine, other, line_style) = match change.tag() {
                ChangeTag::Equal => (' ', change.old_index(), &old, &new, style::DIM),
                ChangeTag::Delete => ('-', change.old_index(), &old, &new, style::EXPECTED),
                ChangeTag::Insert => ('+', change.new_index(), &new, &old, style::GOT),
            };
            let index = index.unwrap_or(0);
            let number = first + index as u64;
            let prefix = format!("    {sign} {number:>number_width$}  ");
            let line = &mine[index];
            let marks = match change.tag() {
                ChangeTag::Equal => Vec::new(),
                _ => differing_tokens(line, other.get(index).map(String::as_str)),
            };
            let carets = change.tag() == ChangeTag::Insert;
            out.extend(marked(&prefix, line, &marks, line_style, carets));
        }
    }
    out
}

/// The character ranges of the tokens (runs of non-space characters) of `line` that differ
/// from the token in the same position of `other`: all of them when there is no `other`.
pub fn differing_tokens(line: &str, other: Option<&str>) -> Vec<(usize, usize)> {
    let spans = |s: &str| {
        let chars: Vec<char> = s.chars().collect();
        let mut out = Vec::new();
        let mut i = 0;
        while i < chars.len() {
            if chars[i].is_whitespace() {
                i += 1;
                continue;
            }
            let start = i;
            while i < chars.len() && !chars[i].is_whitespace() {
                i += 1;
            }
            out.push((start, i, chars[start..i].iter().collect::<String>()));
        }
        out
    };
    let theirs = other.map(spans).unwrap_or_default();
    spans(line)
        .into_iter()
        .enumerate()
        .filter(|(k, (_, _, token))| theirs.get(*k).is_none_or(|t| &t.2 != token))
        .map(|(_, (start, end, _))| (start, end))
        .collect()
}

/// `prefix` and `line` cut to the width, the characters in `marks` emphasised, and (without
/// colour, when `carets`) a line of carets under them.
fn marked(
    prefix: &str,
    line: &str,
    marks: &[(usize, usize)],
    line_style: anstyle::Style,
    carets: bool,
) -> Vec<String> {
    let budget = width().saturating_sub(prefix.chars().count());
    // Cut the plain text to the width first, then paint it, so that escape codes never count
    // as columns.
    let mut text = String::new();
    let mut under = String::new();
    let emphasis = style::EMPHASIS.fg_color(line_style.get_fg_color());
    let mut run = (String::new(), false);
    let flush = |run: &mut (String, bool), text: &mut String| {
        let paint = if run.1 { emphasis } else { line_style };
        text.push_str(&style::paint(&std::mem::take(&mut run.0), paint));
    };
    for (i, c) in line.chars().take(budget).enumerate() {
        let on = marks.iter().any(|&(a, b)| a <= i && i < b);
        under.push(if on { '^' } else { ' ' });
        if on != run.1 && !run.0.is_empty() {
            flush(&mut run, &mut text);
        }
        run.1 = on;
        run.0.push(c);
    }
    flush(&mut run, &mut text);
    let mut out = vec![format!("{}{text}", style::paint(prefix, line_style))];
    let under = under.trim_end();
    if carets && !style::enabled() && !under.is_empty() {
        out.push(format!("{}{under}", " ".repeat(prefix.chars().count())));
    }
    out
}

/// The whole unified diff, or `None` when an output is too large to hold.
fn full(expected: &Path, got: &Path) -> Option<Vec<String>> {
    let read = |p: &Path| -> Option<String> {
        if std::fs::metadata(p).ok()?.len() > FULL_CAP {
            return None;
        }
        let bytes = std::fs::read(p).ok()?;
        let lines: Vec<String> = bytes
            .split(|&b| b == b'\n')
            .map(|l| printable(l.trim_ascii_end()))
            .collect();
        let mut text = lines.join("\n");
        let trimmed = text.trim_end_matches('\n').len();
        text.truncate(trimmed);
        text.push('\n');
        Some(text)
    };
    let (old, new) = (read(expected)?, read(got)?);
    let diff = TextDiff::configure()
        .deadline(std::time::Instant::now() + FULL_DEADLINE)
        .diff_lines(&old, &new);
    let mut out = vec![indent("diff (- expected, + got):")];
    let text = diff.unified_diff().context_radius(2).to_string();
    let total = text.lines().count();
    for line in text.lines().take(FULL_LINES) {
        let line_style = match line.chars().next() {
            Some('-') => style::EXPECTED,
            Some('+') => style::GOT,
            Some('@') => style::DIM,
            _ => anstyle::Style::new(),
        };
        let cut = fit(&format!("    {line}"), width());
        out.push(style::paint(&cut, line_style));
    }
    if total > FULL_LINES {
        out.push(indent(&format!(
            "... {} more lines of diff not shown (the outputs are kept whole: CASE.got, CASE.expected)",
            total - FULL_LINES
        )));
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &[&str]) -> Vec<Vec<u8>> {
        text.iter().map(|l| l.as_bytes().to_vec()).collect()
    }

    #[test]
    fn the_hunk_pairs_lines_and_points_at_the_differing_tokens() {
        let out = lines_of_diff(
            &lines(&["1 1", "2 1", "3 1"]),
            &lines(&["1 1", "2 2", "3 1"]),
            7,
        );
        let text = out.join("\n");
        assert!(text.contains("    -  8  2 1\n"), "{text}");
        assert!(text.contains("    +  8  2 2\n"), "{text}");
        assert!(text.starts_with("       7  1 1\n"), "{text}");
        // The caret sits under the token that differs (`2`, the second one).
        let caret_line = out.iter().find(|l| l.trim() == "^").expect("a caret line");
        assert_eq!(
            caret_line.find('^'),
            out.iter().find(|l| l.contains("+  8")).unwrap().rfind('2')
        );
    }

    #[test]
    fn small_outputs_are_shown_whole_and_large_ones_by_their_hunk() {
        let dir = std::env::temp_dir().join(format!("diff-small-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (expected, got) = (dir.join("expected"), dir.join("got"));
        let show = |n: usize| {
            let lines: Vec<String> = (1..=n).map(|i| i.to_string()).collect();
            std::fs::write(&expected, lines.join("\n") + "\n").unwrap();
            std::fs::write(&got, format!("0\n{}\n", lines[1..].join("\n"))).unwrap();
            let d = lines::first_difference(&expected, &got).unwrap().unwrap();
            render(&expected, &got, &d, DiffMode::Hunk)
        };
        // Eight lines: all of them, past the hunk's two lines of context.
        let small = show(8).join("\n");
        assert!(small.contains("     8  8"), "{small}");
        // Eleven lines: the hunk only.
        let large = show(11).join("\n");
        assert!(
            large.contains("     3  3") && !large.contains("  4  4"),
            "{large}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn side_by_side_pairs_the_lines_by_number_and_marks_how_each_differs() {
        let dir = std::env::temp_dir().join(format!("diff-side-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (expected, got) = (dir.join("expected"), dir.join("got"));
        std::fs::write(&expected, "3\n5\n7\n").unwrap();
        std::fs::write(&got, "3\n6\n").unwrap();
        let d = lines::first_difference(&expected, &got).unwrap().unwrap();
        let out = render(&expected, &got, &d, DiffMode::Side);
        let column = (width() - 4 - 1 - 2 - 3) / 2;
        assert_eq!(out[0], "    first difference at line 2 (expected | got):");
        assert_eq!(out[1], format!("    1  {:<column$}   3", "3"));
        assert_eq!(out[2], format!("    2  {:<column$} | 6", "5"));
        assert_eq!(out[3], format!("    3  {:<column$} <", "7"));
        assert_eq!(out.len(), 4, "{out:?}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_carets_mark_every_token_that_differs_by_position() {
        // Swapped tokens: both differ from the expected token in their place.
        let out = lines_of_diff(&lines(&["2 1"]), &lines(&["1 2"]), 1);
        let text = out.join("\n");
        assert!(text.ends_with("    + 1  1 2\n         ^ ^"), "{text}");
        // A token that moved one place: the shifted ones differ, the last one does not.
        assert_eq!(
            differing_tokens("1 2 3 9", Some("1 3 9")),
            [(2, 3), (4, 5), (6, 7)]
        );
        assert_eq!(differing_tokens("10 20", Some("10  20")), []);
        assert_eq!(differing_tokens("a b", None), [(0, 1), (2, 3)]);
    }
}
