//! The project as the bundler sees it: Cargo.toml's binaries and dependencies (read line
//! by line, only the sections that name them), the module files under `src/`, each file
//! read and cleaned (comments other than `// SAFETY:` blocks and `#[cfg(test)]` items
//! dropped, one pass over its tokens), and the std-only stand-ins under `src/standin/`;
//! and the passes over a text that keep a bundle small (`tidy`, `narrow_indent`).

use super::code::{apply, whole_line, Code, Edit};
use super::error::{BundleError, CodeError, Place};
use super::lex::{lex, Kind};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The checkout being bundled.
pub struct Project {
    pub(crate) root: PathBuf,
    /// `[[bin]]` name -> path, from Cargo.toml.
    pub bins: BTreeMap<String, PathBuf>,
    /// Crate names (with `_`) a bundle must never reach: every dependency and the library.
    pub(crate) crates: BTreeSet<String>,
}

/// Given a `mod x;` declaration's visibility and name, its replacement (None: remove it).
pub(crate) type ModReplacer<'a> = dyn FnMut(&str, &str) -> Result<Option<String>, BundleError> + 'a;

/// A file's cleaned text with the module declarations it makes.
pub(crate) struct Module {
    pub(crate) file: PathBuf,
    pub(crate) text: String,
    /// Names of `mod x;` children declared in the file.
    pub(crate) children: Vec<String>,
}

impl Project {
    /// Reads `root/Cargo.toml`: its binaries, and the crates a bundle must not reach.
    pub fn load(root: &Path) -> Result<Project, BundleError> {
        let manifest = root.join("Cargo.toml");
        let toml = std::fs::read_to_string(&manifest)
            .map_err(|e| BundleError::cannot("read", manifest.display(), e))?;
        let mut bins = BTreeMap::new();
        let mut crates = BTreeSet::new();
        let mut section = String::new();
        let mut bin: (Option<String>, Option<String>) = (None, None);
        let unquote = |v: &str| v.trim().trim_matches('"').to_string();
        let mut finish_bin = |bin: &mut (Option<String>, Option<String>)| {
            if let (Some(name), path) = std::mem::take(bin) {
                let path = path.unwrap_or_else(|| format!("src/bin/{name}.rs"));
                bins.insert(name, root.join(path));
            }
        };
        for line in toml.lines() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.starts_with('[') {
                if section == "[[bin]]" {
                    finish_bin(&mut bin);
                }
                section = line.to_string();
                continue;
            }
            let Some((key, value)) = line.split_once('=') else {
                continue;
            };
            let key = key.trim();
            match section.as_str() {
                "[[bin]]" if key == "name" => bin.0 = Some(unquote(value)),
                "[[bin]]" if key == "path" => bin.1 = Some(unquote(value)),
                "[dependencies]" | "[dev-dependencies]" | "[build-dependencies]" => {
                    crates.insert(key.replace('-', "_"));
                }
                "[lib]" if key == "name" => {
                    crates.insert(unquote(value));
                }
                _ => {}
            }
        }
        if section == "[[bin]]" {
            finish_bin(&mut bin);
        }
        crates.insert("bfs_judge".to_string());
        Ok(Project {
            root: root.to_path_buf(),
            bins,
            crates,
        })
    }

    pub(crate) fn relative(&self, path: &Path) -> String {
        path.strip_prefix(&self.root)
            .unwrap_or(path)
            .display()
            .to_string()
    }

    /// The file of library module `path` (`[]` is src/lib.rs), if there is one.
    pub(crate) fn module_file(&self, path: &[String]) -> Option<PathBuf> {
        let src = self.root.join("src");
        if path.is_empty() {
            return Some(src.join("lib.rs"));
        }
        let joined = path.join("/");
        [
            src.join(format!("{joined}.rs")),
            src.join(joined).join("mod.rs"),
        ]
        .into_iter()
        .find(|f| f.is_file())
    }

    /// The file of module `path`, which the bundle needs.
    pub(crate) fn needed_file(&self, path: &[String]) -> Result<PathBuf, BundleError> {
        self.module_file(path)
            .ok_or_else(|| BundleError::NoModuleFile(path.join("::")))
    }

    /// Reads a file: comments (but `// SAFETY:` blocks) and `#[cfg(test)]` items dropped, `bfs_judge::` as
    /// `crate::` when `is_main`, and each `mod x;` replaced by `replace(vis, x)`.
    pub(crate) fn clean(
        &self,
        file: &Path,
        is_main: bool,
        replace: &mut ModReplacer<'_>,
    ) -> Result<Module, BundleError> {
        let name = self.relative(file);
        let src =
            std::fs::read_to_string(file).map_err(|e| BundleError::cannot("read", &name, e))?;
        let all = lex(&src).map_err(|e| e.at(Place::File(name)))?;
        let code = Code::new(&src, &all);
        let tests = code.test_items();
        let inside_tests = |at: usize| tests.iter().any(|&(s, e)| s <= at && at < e);
        let mut edits: Vec<Edit> = Vec::new();
        for &(s, e) in &tests {
            let (s, e) = whole_line(&src, s, e);
            edits.push((s, e, String::new()));
        }
        if is_main {
            let is_top = |name: &str| self.module_file(&[name.to_string()]).is_some();
            edits.extend(code.root_self_imports(&is_top));
        }
        // Whether the last comment was part of a `// SAFETY:` block, which is kept.
        let mut safety = false;
        for (i, t) in all.iter().enumerate() {
            if inside_tests(t.start) {
                continue;
            }
            if t.kind == Kind::DocComment {
                let (s, e) = whole_line(&src, t.start, t.end);
                edits.push((s, e, String::new()));
            }
            if t.kind == Kind::Comment {
                // The next line of a block goes on it: only a line break in between.
                let goes_on = safety
                    && i.checked_sub(1).is_some_and(|p| {
                        all[p].kind == Kind::Space
                            && src[all[p].start..all[p].end].matches('\n').count() == 1
                    })
                    && all[i - 2].kind == Kind::Comment;
                safety = src[t.start..t.end].starts_with("// SAFETY:") || goes_on;
                if !safety {
                    let (s, e) = whole_line(&src, t.start, t.end);
                    edits.push((s, e, String::new()));
                }
            }
            if is_main && t.kind == Kind::Ident && &src[t.start..t.end] == "bfs_judge" {
                edits.push((t.start, t.end, "crate".to_string()));
            }
        }
        let mut children = Vec::new();
        for (s, e, vis, child) in code.mod_declarations() {
            if inside_tests(s) {
                continue;
            }
            children.push(child.clone());
            match replace(&vis, &child)? {
                Some(text) => edits.push((s, e, text)),
                None => {
                    let (s, e) = whole_line(&src, s, e);
                    edits.push((s, e, String::new()));
                }
            }
        }
        Ok(Module {
            file: file.to_path_buf(),
            text: tidy(&apply(&src, edits)),
            children,
        })
    }

    /// The stand-ins under src/standin, by crate name, for the crates src/ext.rs names.
    pub(crate) fn standins(&self) -> Result<BTreeMap<String, Standin>, BundleError> {
        let mut map = BTreeMap::new();
        let dir = self.root.join("src/standin");
        let entries =
            std::fs::read_dir(&dir).map_err(|e| BundleError::cannot("list", dir.display(), e))?;
        for entry in entries.flatten() {
            let file = entry.path();
            let Some(stem) = file.file_stem().and_then(|s| s.to_str()) else {
                continue;
            };
            if stem == "mod" || file.extension() != Some("rs".as_ref()) {
                continue;
            }
            let module = self.clean(&file, false, &mut |_, child| {
                Err(BundleError::NestedStandin(child.to_string()))
            })?;
            let all = lex(&module.text).map_err(|e| e.at(Place::File(self.relative(&file))))?;
            let code = Code::new(&module.text, &all);
            let mut items = BTreeSet::new();
            let mut names = BTreeSet::new();
            for i in 0..code.tokens.len() {
                let item_keyword = matches!(
                    code.text(i),
                    "fn" | "struct" | "trait" | "enum" | "const" | "static" | "type" | "mod"
                );
                if item_keyword && code.kind(i + 1) == Some(Kind::Ident) {
                    names.insert(code.text(i + 1).to_string());
                    if code.text(i.wrapping_sub(1)) == "pub" {
                        items.insert(code.text(i + 1).to_string());
                    }
                }
            }
            map.insert(
                stem.to_string(),
                Standin {
                    module,
                    items,
                    names,
                },
            );
        }
        Ok(map)
    }
}

pub(crate) struct Standin {
    pub(crate) module: Module,
    /// Public items (`pub fn memchr`, `pub struct Buffer`, ...).
    pub(crate) items: BTreeSet<String>,
    /// Every item name, methods included.
    pub(crate) names: BTreeSet<String>,
}

/// Blank lines dropped and trailing spaces removed: a bundle is for a judge's size
/// limit, and robot-maze's had 159 blank lines between items.
pub(crate) fn tidy(text: &str) -> String {
    let mut out = String::new();
    for line in text
        .lines()
        .map(str::trim_end)
        .filter(|line| !line.is_empty())
    {
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// Each line's indentation at one space a level instead of four (rustfmt's), except
/// on lines that continue a string literal: a quarter of a bundle's bytes were
/// indentation, and this keeps the structure visible within judges' size limits.
pub(crate) fn narrow_indent(text: &str) -> Result<String, CodeError> {
    let tokens = lex(text)?;
    let in_literal = |at: usize| {
        let i = tokens.partition_point(|t| t.end <= at);
        tokens
            .get(i)
            .is_some_and(|t| t.kind == Kind::Literal && t.start < at)
    };
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let spaces = line.len() - line.trim_start_matches(' ').len();
        if in_literal(at) {
            out.push_str(line);
        } else {
            out.extend(std::iter::repeat_n(' ', spaces / 4 + spaces % 4));
            out.push_str(&line[spaces..]);
        }
        at += line.len();
    }
    Ok(out)
}
