//! What a failing case of ours shows beyond its verdict (the judge's `Explain`): the named
//! mistake (`illegal move`, `not shortest`, `wrong tie-break`) as the first detail line of a
//! WA, also in the exact mode, and the pictures of a failing case with a maze: the `--draw`
//! window under it, the page of the whole maze beside its outputs (`CASE.html`), and the
//! page of the reference search opened where the routes part (`CASE.search.html`).
//!
//! Why in the judge process: the library's checkers are std-only functions
//! (`bfs_judge::check`), so explaining costs no second process and needs no checker binary;
//! the judge's own `--checker` still runs the checker tool, as any testlib checker would be.
//! Only problems whose info.toml says `checker = true` are explained: for the others the
//! first differing line is the whole story. Cost: the checker once more per failing case,
//! and the traced search for its page.

use std::fs;
use std::io::Write;
use std::path::Path;

use bfs_judge::check::trace::Picture;
use bfs_judge::check::Mistake;

use super::grid::{draw, html};
use super::{find, Ours};
use crate::judge::explain::Explain;
use crate::judge::problem::Problem;
use crate::run::files::{create_fresh, sibling};
use crate::show::mistake::checker_detail;
use crate::text::{detail, short};

/// What a failing case of `p` shows, when `p` is ours with a checker (its info.toml says
/// `checker = true`); `draw`: the `--draw` window's rows and columns.
pub fn explainer(p: &Problem, draw: Option<(u32, u32)>) -> Option<Box<dyn Explain>> {
    let ours = find(&p.name).filter(|_| p.info.checker)?;
    Some(Box::new(Explainer {
        ours,
        draw,
        colour: draw::colour_wanted(),
    }))
}

struct Explainer {
    ours: &'static dyn Ours,
    /// `--draw`: the window's rows and columns.
    draw: Option<(u32, u32)>,
    /// Colours in the drawn window.
    colour: bool,
}

/// The three files of a case, read.
fn read_all(files: [&Path; 3]) -> [Vec<u8>; 3] {
    files.map(|p| fs::read(p).unwrap_or_default())
}

impl Explainer {
    /// The named mistake of `got` against `answer`: its reason, or `wrong tie-break: ...`
    /// for a valid answer that is not ours.
    fn reason(&self, files: [&Path; 3]) -> Option<String> {
        let [input, got, answer] = read_all(files);
        self.ours.explain_answer(&input, &got, &answer).err()
    }

    /// Writes the search page of `picture`'s case as `BASE.search.html`: the detail line
    /// that says where, and the link from the maze's page (opened where the routes part).
    fn search_page(
        &self,
        base: &Path,
        input: &[u8],
        picture: &Picture,
    ) -> Option<(String, String)> {
        let (html, at) = super::search::for_picture(self.ours, input, picture)?;
        let file = sibling(base, "search.html");
        let name = file.file_name()?.to_string_lossy().into_owned();
        create_fresh(&file)
            .and_then(|mut f| f.write_all(html.as_bytes()))
            .ok()?;
        let line = detail(&format!(
            "search: {}{at}",
            short(&file.display().to_string())
        ));
        Some((line, format!("{name}{at}")))
    }
}

impl Explain for Explainer {
    fn mistake(&self, input: &Path, got: &Path, answer: &Path) -> Vec<String> {
        self.reason([input, got, answer])
            .map_or_else(Vec::new, |reason| checker_detail(&reason))
    }

    fn kind(&self, input: &Path, got: &Path, answer: &Path) -> Option<&'static str> {
        match Mistake::of(&self.reason([input, got, answer])?) {
            Mistake::Other => None,
            named => Some(named.phrase()),
        }
    }

    fn pictures(
        &self,
        name: &str,
        base: &Path,
        input: &Path,
        got: &Path,
        answer: &Path,
    ) -> Vec<String> {
        let [input, got, answer] = read_all([input, got, answer]);
        let Some(picture) = self.ours.picture(&input, &got, &answer) else {
            return Vec::new();
        };
        // The page says why too (computed again: pictures are only made for failing cases).
        let reason = self.ours.explain_answer(&input, &got, &answer).err();
        let reason = reason.as_deref().unwrap_or("");
        let reason = reason.strip_prefix("wrong answer: ").unwrap_or(reason);
        let mut lines = Vec::new();
        if let Some(window) = self.draw {
            lines.extend(draw::window(&picture, window, self.colour));
        }
        let (search_line, link) = self.search_page(base, &input, &picture).unzip();
        let title = format!("{}/{name}", self.ours.name());
        let page = html::page(&picture, &title, reason, link.as_deref());
        let file = sibling(base, "html");
        lines.push(
            match create_fresh(&file).and_then(|mut f| f.write_all(page.as_bytes())) {
                Ok(()) => detail(&format!("picture: {}", short(&file.display().to_string()))),
                Err(e) => detail(&format!("picture: cannot write {}: {e}", file.display())),
            },
        );
        lines.extend(search_line);
        lines
    }
}
