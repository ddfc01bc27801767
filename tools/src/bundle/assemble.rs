//! One bundle: follows the paths from the problem's `main` through the library, renders
//! the modules it reaches in the library's own structure with the stand-ins as `mod ext`,
//! leaves out what is never called, and refuses code that would reach a crate. Each module
//! file is read and cleaned twice (to follow its paths, to render it); all five problems
//! take some 50 ms together.

use super::code::{Code, PathRef};
use super::error::{BundleError, CodeError, Fault, Place};
use super::lex::{lex, Kind};
use super::project::{narrow_indent, Project, Standin};
use super::prune::prune;
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

/// The largest bundle made: 52 KiB, so that 12 KiB of Codeforces' 64 KiB source limit
/// stay free for the code to grow before a change could break a submission.
pub const MAX_BYTES: usize = 52 * 1024;

/// One bundled problem.
pub struct Bundle {
    pub source: String,
}

impl Project {
    /// Bundles the problem whose `[[bin]]` is `problem`.
    pub fn bundle(&self, problem: &str) -> Result<Bundle, BundleError> {
        let main_file = self
            .bins
            .get(problem)
            .ok_or_else(|| BundleError::NoBinary {
                problem: problem.to_string(),
                bins: self.bins.keys().cloned().collect(),
            })?;
        let standins = self.standins()?;
        // Which modules are used, transitively from main.
        let mut used: BTreeSet<Vec<String>> = BTreeSet::new();
        let mut api = BTreeSet::new();
        let mut todo: Vec<(PathBuf, Vec<String>, bool)> = vec![(main_file.clone(), vec![], true)];
        let mut seen_files = BTreeSet::new();
        while let Some((file, module, is_main)) = todo.pop() {
            if !seen_files.insert(file.clone()) {
                continue;
            }
            let cleaned = self.clean(&file, is_main, &mut |_, _| Ok(None))?;
            let name = self.relative(&file);
            let in_file = |e: CodeError| e.at(Place::File(name.clone()));
            let all = lex(&cleaned.text).map_err(in_file)?;
            let code = Code::new(&cleaned.text, &all);
            let paths = code.paths().map_err(in_file)?;
            let children: BTreeSet<String> = if is_main {
                BTreeSet::new()
            } else {
                cleaned.children.iter().cloned().collect()
            };
            let mut aliases: BTreeMap<String, Vec<String>> = BTreeMap::new();
            // Two passes: aliases first (a `use` may come after its use), then everything.
            for pass in 0..2 {
                for p in &paths {
                    if pass == 0 && p.binding.is_none() {
                        continue;
                    }
                    let at_line = |fault| in_file(CodeError::new(p.line, fault));
                    let resolved = self
                        .resolve(p, &module, &children, &aliases)
                        .map_err(at_line)?;
                    if pass == 0 {
                        if let Some(binding) = &p.binding {
                            // A name from outside the crate (std) resolves to "std".
                            let target = resolved.unwrap_or_else(|| vec!["std".to_string()]);
                            aliases.insert(binding.clone(), target);
                        }
                        continue;
                    }
                    let Some(resolved) = resolved else { continue };
                    if resolved.first().map(String::as_str) == Some("ext") {
                        let used_api = check_standin(&resolved, &standins).map_err(at_line)?;
                        if let Some(used_api) = used_api {
                            api.insert(used_api);
                        }
                        continue;
                    }
                    // The longest prefix naming a module file pulls it and its parents in.
                    for len in (1..=resolved.len()).rev() {
                        let prefix = &resolved[..len];
                        if self.module_file(prefix).is_some() {
                            for k in 1..=len {
                                let parent = resolved[..k].to_vec();
                                if used.insert(parent.clone()) {
                                    todo.push((self.needed_file(&parent)?, parent, false));
                                }
                            }
                            break;
                        }
                    }
                }
            }
        }
        let stand_in_crates: BTreeSet<String> = api
            .iter()
            .filter_map(|a| a.split("::").next().map(str::to_string))
            .collect();

        // Emit: main, then the used modules in the library's declaration order.
        let main = self.clean(main_file, true, &mut |_, _| Ok(None))?;
        let lib = self.render(&[], &used, &standins, &stand_in_crates)?;
        let mut body = main.text;
        body.push('\n');
        body.push_str(&lib);
        let body = prune(&body).map_err(|e| e.at(Place::Pruning(problem.to_string())))?;
        let body = narrow_indent(&body).map_err(|e| e.at(Place::Indenting(problem.to_string())))?;
        let source = header(problem, &self.relative(main_file)) + &body;
        check_no_crates(&source, &self.crates).map_err(|e| e.at(Place::Bundle))?;
        if source.len() > MAX_BYTES {
            return Err(BundleError::TooLarge {
                problem: problem.to_string(),
                bytes: source.len(),
            });
        }
        Ok(Bundle { source })
    }

    /// The text of module `path` with its used children inlined (for `[]`, only those).
    fn render(
        &self,
        path: &[String],
        used: &BTreeSet<Vec<String>>,
        standins: &BTreeMap<String, Standin>,
        stand_in_crates: &BTreeSet<String>,
    ) -> Result<String, BundleError> {
        let file = self.needed_file(path)?;
        let mut blocks = Vec::new();
        let module = self.clean(&file, false, &mut |vis, child| {
            let mut child_path = path.to_vec();
            child_path.push(child.to_string());
            let inner = if path.is_empty() && child == "ext" {
                if stand_in_crates.is_empty() {
                    return Ok(None);
                }
                let mut inner = String::new();
                for krate in stand_in_crates {
                    let standin = &standins[krate];
                    let text = format!(
                        "// {}\n{}",
                        self.relative(&standin.module.file),
                        standin.module.text
                    );
                    inner.push_str(&format!("pub mod {krate} {{\n{text}}} // mod {krate}\n\n"));
                }
                inner.truncate(inner.trim_end().len());
                inner.push('\n');
                inner
            } else if used.contains(&child_path) {
                let child_file = self.needed_file(&child_path)?;
                let text = self.render(&child_path, used, standins, stand_in_crates)?;
                format!("// {}\n{}", self.relative(&child_file), text)
            } else {
                return Ok(None);
            };
            let block = format!("{vis} mod {child} {{\n{inner}}} // mod {child}");
            if path.is_empty() {
                blocks.push(block);
                Ok(None)
            } else {
                Ok(Some(block + "\n"))
            }
        })?;
        if path.is_empty() {
            // The library root contributes its module tree only.
            return Ok(blocks.join("\n\n") + "\n");
        }
        Ok(module.text)
    }

    /// Resolves a path written in `module` to a path from the crate root; `None` for paths
    /// outside the crate that are fine (std, primitive types, local items). Errors for
    /// paths that reach a crate.
    fn resolve(
        &self,
        p: &PathRef,
        module: &[String],
        children: &BTreeSet<String>,
        aliases: &BTreeMap<String, Vec<String>>,
    ) -> Result<Option<Vec<String>>, Fault> {
        let segs = &p.segments;
        let Some(first) = segs.first() else {
            return Ok(None);
        };
        let shown = segs.join("::").replace("::::", "::");
        let reaches_crate = |krate: &str| Fault::ReachesCrate {
            path: shown.clone(),
            krate: krate.to_string(),
        };
        let mut base: Vec<String>;
        let mut rest = &segs[1..];
        match first.as_str() {
            "crate" => base = Vec::new(),
            "self" => base = module.to_vec(),
            "super" => {
                base = module.to_vec();
                base.pop();
                while rest.first().map(String::as_str) == Some("super") {
                    base.pop();
                    rest = &rest[1..];
                }
            }
            "::" => {
                let krate = segs.get(1).map_or("", String::as_str);
                if krate == "std" || krate == "core" {
                    return Ok(None);
                }
                return Err(reaches_crate(krate));
            }
            name if aliases.contains_key(name) => base = aliases[name].clone(),
            name if children.contains(name) => {
                base = module.to_vec();
                base.push(name.to_string());
            }
            name if self.crates.contains(name) => return Err(reaches_crate(name)),
            "std" | "core" => return Ok(None),
            name if p.in_use
                && name.starts_with(|c: char| c.is_ascii_lowercase())
                && !aliases.contains_key(name) =>
            {
                return Err(Fault::NotAModule {
                    path: shown,
                    name: name.to_string(),
                });
            }
            _ => return Ok(None),
        }
        if base.first().map(String::as_str) == Some("std") {
            return Ok(None);
        }
        base.extend(rest.iter().cloned());
        Ok(Some(base))
    }
}

/// Checks that a path into `ext` is covered by a stand-in; returns the API it uses.
fn check_standin(
    resolved: &[String],
    standins: &BTreeMap<String, Standin>,
) -> Result<Option<String>, Fault> {
    let Some(krate) = resolved.get(1) else {
        return Ok(None);
    };
    let standin = standins
        .get(krate)
        .ok_or_else(|| Fault::NoStandin(krate.clone()))?;
    let Some(item) = resolved.get(2) else {
        return Ok(Some(krate.clone()));
    };
    let shown = resolved[1..].join("::");
    let lacks = |name: &String, public| Fault::StandinLacks {
        path: shown.clone(),
        krate: krate.clone(),
        name: name.clone(),
        public,
    };
    if !standin.items.contains(item) {
        return Err(lacks(item, true));
    }
    // A name below the item (a method) only has to exist.
    if let Some(name) = resolved[3..].iter().find(|&n| !standin.names.contains(n)) {
        return Err(lacks(name, false));
    }
    Ok(Some(shown))
}

/// Fails if the finished bundle still names a crate: `extern crate`, `::krate`, `bfs_judge`.
fn check_no_crates(source: &str, crates: &BTreeSet<String>) -> Result<(), CodeError> {
    let all = lex(source)?;
    let code = Code::new(source, &all);
    for i in 0..code.tokens.len() {
        let text = code.text(i);
        let fault = if text == "extern" && code.text(i + 1) == "crate" {
            Fault::ExternCrate
        } else if text == "bfs_judge" {
            Fault::LibraryLeft
        } else if code.kind(i) == Some(Kind::Ident)
            && crates.contains(text)
            && code.text(i + 1) == "::"
            && code.text(i.wrapping_sub(1)) != "::"
        {
            // Stand-ins are reached as `crate::ext::<crate>::...`, never by the bare name.
            Fault::CrateName(text.to_string())
        } else if code.kind(i) == Some(Kind::PathSep)
            && crates.contains(code.text(i + 1))
            && code.kind(i.wrapping_sub(1)) != Some(Kind::Ident)
        {
            Fault::CratePath(code.text(i + 1).to_string())
        } else {
            continue;
        };
        return Err(code.error(i, fault));
    }
    Ok(())
}

/// The header: what the file is, for which compilers, where its parts come from.
fn header(problem: &str, main_file: &str) -> String {
    format!(
        "// {problem}: bfs-judge's `{problem}` binary as one std-only file for online judges\n\
         // (Rust 2021, rustc 1.63 or later). `main` is {main_file}; each module is the file named\n\
         // at its start, less what this problem never calls. Made by `scripts/bundle {problem}`:\n\
         // do not edit it; edit src/ and bundle again.\n\n"
    )
}
