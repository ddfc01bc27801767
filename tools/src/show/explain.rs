//! Why a grid answer is wrong: the named mistake (`illegal move`, `not shortest`, `wrong
//! tie-break`) as the first detail line of a WA, also in the exact mode, and the pictures of
//! a failing case (the `--draw` window under it, the HTML page beside its outputs).
//!
//! Why in the judge process: the library's checkers are std-only functions
//! (`bfs_judge::check`), so explaining costs no second process and needs no checker binary;
//! the judge's own `--checker` still runs the checker tool, as any testlib checker would be.
//! Only problems whose info.toml says `checker = true` are explained: for the others the
//! first differing line is the whole story.

use std::fs;
use std::path::Path;

use bfs_judge::check::{tie, trace, Mistake};

use crate::run::files::sibling;
use crate::show::draw;
use crate::show::html;
use crate::text::{detail, printable};

/// What a failing case of one problem shows beyond its verdict.
#[derive(Clone, Debug, Default)]
pub struct Show {
    /// The problem whose checker explains a WA (ours, with a checker), else `None`.
    pub problem: Option<String>,
    /// `--draw`: the window's rows and columns.
    pub draw: Option<(u32, u32)>,
    /// Colours in the drawn window.
    pub colour: bool,
}

impl Show {
    /// For problem `name` (`checker` from its info.toml), drawing a window of `draw` rows
    /// and columns when asked to.
    pub fn new(name: &str, checker: bool, draw: Option<(u32, u32)>) -> Show {
        Show {
            problem: checker.then(|| name.to_string()),
            draw,
            colour: draw::colour_wanted(),
        }
    }
}

/// Whether a checker's reason names one of the mistakes (`illegal move`, ...).
pub fn is_named(reason: &str) -> bool {
    Mistake::of(reason.strip_prefix("wrong answer: ").unwrap_or(reason)) != Mistake::Other
}

/// The detail lines for a checker's reason: a named mistake leads with its name, anything
/// else says it is the checker's. A named mistake is the one line a contestant must read
/// whole: one line in a pipe, wrapped to the terminal's width on a terminal, never cut.
pub fn checker_detail(reason: &str) -> Vec<String> {
    let reason = reason.strip_prefix("wrong answer: ").unwrap_or(reason);
    let text = printable(reason.as_bytes());
    if Mistake::of(reason) == Mistake::Other {
        return vec![detail(&format!("checker: {text}"))];
    }
    let Some(width) = crate::text::terminal_width().filter(|_| !crate::text::json_mode()) else {
        // Whole in a pipe, a file and JSON.
        return vec![detail(&text)];
    };
    wrap(&text, width.saturating_sub(4).max(40))
        .iter()
        .enumerate()
        .map(|(i, line)| detail(&format!("{}{line}", if i == 0 { "" } else { "  " })))
        .collect()
}

/// `text` in lines of at most `width` characters, broken at spaces but never inside an
/// order of moves (`U < D < L < R`); a longer unit is cut later by [`detail`]; continuation
/// lines leave room for a two-space indent.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut units: Vec<String> = Vec::new();
    let mut glue = false;
    for word in text.split(' ') {
        match units.last_mut() {
            Some(last) if glue || word == "<" => {
                last.push(' ');
                last.push_str(word);
            }
            _ => units.push(word.to_string()),
        }
        glue = word == "<";
    }
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in &units {
        let limit = if lines.is_empty() { width } else { width - 2 };
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > limit {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    lines.push(line);
    lines
}

/// The named mistake of `got` (a WA under the exact comparison), when the problem has a
/// checker: its reason, or `wrong tie-break: ...` for a valid answer that is not ours.
pub fn mistake(show: &Show, input: &Path, got: &Path, answer: &Path) -> Vec<String> {
    let Some(problem) = show.problem.as_deref() else {
        return Vec::new();
    };
    let read = |p: &Path| fs::read(p).unwrap_or_default();
    match tie::explain(problem, &read(input), &read(got), &read(answer)) {
        Err(reason) => checker_detail(&reason),
        Ok(()) => Vec::new(),
    }
}

/// The pictures of a failing case: writes `BASE.html` and returns the detail lines (the
/// drawn window with `--draw`, and where the page is). Nothing for problems without a maze
/// or inputs the problem cannot read.
pub fn pictures(
    show: &Show,
    name: &str,
    base: &Path,
    input: &Path,
    got: &Path,
    answer: &Path,
) -> Vec<String> {
    let Some(problem) = show.problem.as_deref() else {
        return Vec::new();
    };
    let read = |p: &Path| fs::read(p).unwrap_or_default();
    let (input, got, answer) = (read(input), read(got), read(answer));
    let Some(picture) = trace::picture(problem, &input, &got, &answer) else {
        return Vec::new();
    };
    // The page says why too (computed again: pictures are only made for failing cases).
    let reason = tie::explain(problem, &input, &got, &answer).err();
    let reason = reason.as_deref().unwrap_or("");
    let reason = reason.strip_prefix("wrong answer: ").unwrap_or(reason);
    let mut lines = Vec::new();
    if let Some(window) = show.draw {
        lines.extend(draw::window(&picture, window, show.colour));
    }
    let page = sibling(base, "html");
    // Beside it, the reference search opened where the routes part (`show::search`).
    let mut search_line = None;
    let search =
        crate::show::search::for_picture(problem, &input, &picture).and_then(|(html, at)| {
            let file = sibling(base, "search.html");
            let name = file.file_name()?.to_string_lossy().into_owned();
            crate::run::files::create_fresh(&file)
                .and_then(|mut f| std::io::Write::write_all(&mut f, html.as_bytes()))
                .ok()?;
            search_line = Some(detail(&format!(
                "search: {}{at}",
                crate::text::short(&file.display().to_string())
            )));
            Some(format!("{name}{at}"))
        });
    let html = html::page_linked(
        &picture,
        &format!("{problem}/{name}"),
        reason,
        search.as_deref(),
    );
    match crate::run::files::create_fresh(&page)
        .and_then(|mut f| std::io::Write::write_all(&mut f, html.as_bytes()))
    {
        Ok(()) => lines.push(detail(&format!(
            "picture: {}",
            crate::text::short(&page.display().to_string())
        ))),
        Err(e) => lines.push(detail(&format!(
            "picture: cannot write {}: {e}",
            page.display()
        ))),
    }
    lines.extend(search_line);
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_named_mistake_is_wrapped_not_cut() {
        let words = "wrong tie-break: step 1: you moved R; D also gets one step closer and comes first in U < D < L < R (at (1 1))";
        let lines = wrap(words, 60);
        assert!(lines.iter().all(|l| l.chars().count() <= 60), "{lines:?}");
        assert_eq!(lines.join(" "), words);
        assert_eq!(wrap("short", 60), ["short"]);
        let at_100 = wrap(words, 96);
        assert_eq!(at_100[1], "U < D < L < R (at (1 1))", "{at_100:?}");
    }
}
