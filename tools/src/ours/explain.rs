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

use bfs_judge::check::{tie, trace};

use crate::ours::grid::{draw, html};
use crate::run::files::sibling;
use crate::show::mistake::checker_detail;
use crate::text::detail;

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
    // Beside it, the reference search opened where the routes part (`ours::search`).
    let mut search_line = None;
    let search = crate::ours::find(problem)
        .and_then(|o| crate::ours::search::for_picture(o, &input, &picture))
        .and_then(|(html, at)| {
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
