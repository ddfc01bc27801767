//! Showing a wrong answer: the hunk around the first difference (two lines of context each
//! side, expected `-` against got `+`, the differing tokens emphasised), or with `--diff
//! full` the whole unified diff; every line cut to the terminal's width.
//!
//! The hunk reads only a window of five lines from each file, so it costs nothing whatever
//! the size of the outputs; `similar` pairs the lines and finds the differing tokens. Without
//! colour, a line of carets under a `+` line points at its differing tokens.

use std::path::Path;

use similar::{ChangeTag, TextDiff};

use crate::judge::compare::{self, Difference};
use crate::show::style;
use crate::text::{fit, printable, width};

/// What a WA shows: the hunk around the first difference, or the whole diff.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum DiffMode {
    Hunk,
    Full,
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

/// The detail lines of a difference between the files `expected` and `got`.
pub fn render(expected: &Path, got: &Path, d: &Difference, mode: DiffMode) -> Vec<String> {
    if mode == DiffMode::Full {
        if let Some(lines) = full(expected, got) {
            return lines;
        }
    }
    hunk(expected, got, d)
}

fn hunk(expected: &Path, got: &Path, d: &Difference) -> Vec<String> {
    let first = d.line.saturating_sub(CONTEXT).max(1);
    let last = d.line + CONTEXT;
    let window = |p: &Path| compare::lines_between(p, first, last).unwrap_or_default();
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
    let old: Vec<String> = old.iter().map(|l| printable(l) + "\n").collect();
    let new: Vec<String> = new.iter().map(|l| printable(l) + "\n").collect();
    let old_refs: Vec<&str> = old.iter().map(String::as_str).collect();
    let new_refs: Vec<&str> = new.iter().map(String::as_str).collect();
    let diff = TextDiff::configure().diff_slices(&old_refs, &new_refs);
    let number_width = (first + old.len().max(new.len()) as u64).to_string().len();
    let mut out = Vec::new();
    for op in diff.ops() {
        for change in diff.iter_inline_changes(op) {
            let (sign, index, line_style) = match change.tag() {
                ChangeTag::Equal => (' ', change.old_index(), style::DIM),
                ChangeTag::Delete => ('-', change.old_index(), style::EXPECTED),
                ChangeTag::Insert => ('+', change.new_index(), style::GOT),
            };
            let number = first + index.unwrap_or(0) as u64;
            let prefix = format!("    {sign} {number:>number_width$}  ");
            let budget = width().saturating_sub(prefix.chars().count());
            // Cut the plain text to the width first, then paint it, so that escape codes
            // never count as columns.
            let mut text = String::new();
            let mut carets = String::new();
            let mut used = 0;
            let mut any_emphasis = false;
            for (emphasized, value) in change.iter_strings_lossy() {
                let value = value.trim_end_matches('\n');
                let take: String = value.chars().take(budget.saturating_sub(used)).collect();
                used += take.chars().count();
                let emphasize = emphasized && change.tag() != ChangeTag::Equal;
                any_emphasis |= emphasize;
                let mark = if emphasize { '^' } else { ' ' };
                carets.extend(std::iter::repeat_n(mark, take.chars().count()));
                text.push_str(&if emphasize {
                    style::paint(&take, style::EMPHASIS.fg_color(line_style.get_fg_color()))
                } else {
                    style::paint(&take, line_style)
                });
            }
            out.push(format!("{}{text}", style::paint(&prefix, line_style)));
            if !style::enabled() && any_emphasis && change.tag() == ChangeTag::Insert {
                let carets = carets.trim_end();
                out.push(format!("{}{carets}", " ".repeat(prefix.chars().count())));
            }
        }
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
}
